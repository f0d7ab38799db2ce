import {
  isFinished,
  type Match,
  type MatchStatus,
  type Score,
  type ScorePair,
} from '@pitchside/shared/domain';
import { toIsoUtc } from '../iso-utc.ts';
import type { FdMatch, FdMatchTeam } from './match-schema.ts';
import { humanise } from './humanise.ts';
import { parseMinute } from './minute.ts';
import { mapFdStatus } from './status-map.ts';

const NO_SCORE: ScorePair = { home: null, away: null };

/**
 * A v4 match as our Match, or null while a side is still undecided (a knockout slot with no team), which
 * nobody can follow yet. `now` decides IN_PLAY's half when the plan sends no minute (status-map.ts).
 * Scores: see `fdScore`.
 */
export function normaliseMatch(m: FdMatch, now: number): Match | null {
  const home = teamRef(m.homeTeam);
  const away = teamRef(m.awayTeam);
  const kickoff = toIsoUtc(m.utcDate);
  if (!home || !away || !kickoff) return null;

  const clock = parseMinute(m.minute);
  const duration = m.score.duration ?? null;
  const status = mapFdStatus({
    status: m.status,
    duration,
    minute: clock?.minute ?? null,
    sinceKickoffMin: (now - Date.parse(kickoff)) / 60_000,
  });

  return {
    id: String(m.id),
    competition: {
      id: String(m.competition.id),
      name: m.competition.name,
      type: m.competition.type === undefined || m.competition.type === 'LEAGUE' ? 'league' : 'cup',
      country: m.area?.name ?? null,
      season: Number(m.season.startDate.slice(0, 4)),
      logo: m.competition.emblem ?? null,
    },
    round: roundName(m.stage, m.matchday),
    kickoff,
    venue: m.venue ? { name: m.venue, city: null } : null,
    referee: (m.referees?.find((r) => r.type === 'REFEREE') ?? m.referees?.[0])?.name ?? null,
    status,
    clock: { elapsed: clock?.minute ?? null, stoppage: m.injuryTime ?? clock?.stoppage ?? null },
    home,
    away,
    score: fdScore(m.score, status),
  };
}

function teamRef(t: FdMatchTeam): Match['home'] | null {
  if (t.id === null || t.name === null) return null;
  return { id: String(t.id), name: t.name, logo: t.crest ?? null };
}

/** "REGULAR_SEASON" + 6 -> "Regular Season - 6", the shape API-Football's rounds have. */
export function roundName(stage: string | null, matchday: number | null): string | null {
  const words = stage ? humanise(stage) : null;
  if (!words) return matchday !== null ? `Matchday ${matchday}` : null;
  return matchday !== null ? `${words} - ${matchday}` : words;
}

type FdScore = FdMatch['score'];

const known = (pair: ScorePair | undefined): { home: number; away: number } | null =>
  pair && pair.home !== null && pair.away !== null ? { home: pair.home, away: pair.away } : null;

const WINNERS: Record<string, 'home' | 'away' | null> = { HOME_TEAM: 'home', AWAY_TEAM: 'away', DRAW: null };

/**
 * v4's score as ours (docs.football-data.org "Dealing with scores"). `fullTime` is the running total and
 * counts a shoot-out's kicks (1-1 won 4-5 on penalties reads 5-6); `extraTime` and `penalties` hold only
 * their phase's goals; `regularTime` the 90 minutes. Each of the three may be absent, or present with
 * numbers, or with null members: real EXTRA_TIME and PENALTY_SHOOTOUT matches send `regularTime` as
 * `{"home":null,"away":null}` (CL 2022-23 qualifying, ingest/test/fixtures/football-data). So:
 *
 * - on the board (`current`): `fullTime` less the shoot-out, else the 90 minutes plus extra time; a
 *   shoot-out whose kicks cannot be taken off gives no board score rather than an inflated one;
 * - after 90 minutes (`fulltime`): `regularTime`, else the board less extra time once extra time is over
 *   or under way, else the board of a match that finished in 90;
 * - `winner`: v4's, which names who went through when a match settles a two-legged tie (418518: RFS beat
 *   HJK 2-1, `winner` is AWAY_TEAM), once the match is over.
 */
export function fdScore(score: FdScore, status: MatchStatus): Score {
  const duration = score.duration ?? 'REGULAR';
  const running = known(score.fullTime);
  const regular = known(score.regularTime);
  const extra = known(score.extraTime);
  const shootout = known(score.penalties);
  const wentToPenalties = duration === 'PENALTY_SHOOTOUT' || shootout !== null;

  let board: { home: number; away: number } | null = null;
  if (running && (shootout || !wentToPenalties)) {
    const less = shootout ?? { home: 0, away: 0 };
    const home = running.home - less.home;
    const away = running.away - less.away;
    if (home >= 0 && away >= 0) board = { home, away };
  }
  if (!board && regular)
    board = { home: regular.home + (extra?.home ?? 0), away: regular.away + (extra?.away ?? 0) };

  let ninety = regular;
  if (!ninety && board) {
    if (extra && duration !== 'REGULAR') {
      const home = board.home - extra.home;
      const away = board.away - extra.away;
      if (home >= 0 && away >= 0) ninety = { home, away };
    } else if (duration === 'REGULAR' && isFinished(status)) ninety = board;
  }

  const winner = score.winner ? (WINNERS[score.winner] ?? null) : null;
  return {
    current: board ?? { ...NO_SCORE },
    halftime: { ...(score.halfTime ?? NO_SCORE) },
    fulltime: ninety ?? { ...NO_SCORE },
    extratime: extra ?? { ...NO_SCORE },
    penalties: shootout ?? { ...NO_SCORE },
    ...(score.winner !== undefined && { winner: isFinished(status) ? winner : null }),
  };
}
