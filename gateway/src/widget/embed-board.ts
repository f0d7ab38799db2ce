/**
 * What an embed shows, read from the read model: the matches of its scope now, and the scoreboard scopes
 * (shared/src/protocol) its script subscribes to so the rows move live. A team has no scoreboard of its
 * own: the script follows the competitions of the team's listed matches and keeps the rows it has.
 */
import { isLive } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import type { ScoreboardEntry, ScoreboardScope } from '@pitchside/shared/protocol';
import { byKickoff, type MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import type { EmbedOptions } from './embed-options.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A competition's widget: its live matches and those of two days back to a week ahead, at most this many. */
const COMPETITION_ROWS = 20;
const COMPETITION_WINDOW = { backMs: 2 * DAY_MS, aheadMs: 7 * DAY_MS };
/** A team's widget: its last results, any live match, and its next fixtures. */
const TEAM_RESULTS = 3;
const TEAM_FIXTURES = 3;

export interface EmbedBoard {
  /** The competition's or team's name; null for the live list. */
  name: string | null;
  entries: ScoreboardEntry[];
  subscriptions: ScoreboardScope[];
}

export async function readEmbedBoard(
  reads: { matches: MatchReads; reference: ReferenceReads },
  options: EmbedOptions,
  nowMs: number,
): Promise<EmbedBoard> {
  const { matches, reference } = reads;
  switch (options.scope) {
    case 'live': {
      const entries = (await matches.entries(await matches.liveIds())).sort(byKickoff);
      return { name: null, entries, subscriptions: [{ kind: 'live' }] };
    }
    case 'competition': {
      const id = options.id!;
      const competition = await reference.competition(id);
      if (!competition) throw new PitchsideError('competition:not-found', `No competition has the id ${id}.`);
      const ids = await matches.competitionIds(
        id,
        String(nowMs - COMPETITION_WINDOW.backMs),
        String(nowMs + COMPETITION_WINDOW.aheadMs),
      );
      const entries = nearest(await matches.entries(ids), nowMs, COMPETITION_ROWS);
      return { name: competition.name, entries, subscriptions: [{ kind: 'competition', competitionId: id }] };
    }
    case 'team': {
      const id = options.id!;
      const team = await reference.team(id);
      if (!team) throw new PitchsideError('team:not-found', `No team has the id ${id}.`);
      const all = (await matches.entries(await matches.teamIds(id))).sort(byKickoff);
      const live = all.filter((e) => isLive(e.match.status));
      const started = (e: ScoreboardEntry) => Date.parse(e.match.kickoff) <= nowMs;
      const past = all.filter((e) => !isLive(e.match.status) && started(e)).slice(-TEAM_RESULTS);
      const next = all.filter((e) => !isLive(e.match.status) && !started(e)).slice(0, TEAM_FIXTURES);
      const entries = [...past, ...live, ...next].sort(byKickoff);
      const competitions = [...new Set(entries.map((e) => e.match.competition.id))];
      return {
        name: team.name,
        entries,
        subscriptions: competitions.map((competitionId) => ({ kind: 'competition', competitionId })),
      };
    }
  }
}

/** Live matches first, then those kicking off closest to now, shown in kickoff order. */
function nearest(entries: ScoreboardEntry[], nowMs: number, limit: number): ScoreboardEntry[] {
  const distance = (e: ScoreboardEntry) =>
    isLive(e.match.status) ? -1 : Math.abs(Date.parse(e.match.kickoff) - nowMs);
  return entries
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, limit)
    .sort(byKickoff);
}
