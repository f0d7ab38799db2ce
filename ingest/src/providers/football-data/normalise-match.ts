import { isFinished, type Match, type ScorePair } from '@pitchside/shared/domain';
import { toIsoUtc } from '../iso-utc.ts';
import type { FdMatch, FdMatchTeam } from './match-schema.ts';
import { humanise } from './humanise.ts';
import { parseMinute } from './minute.ts';
import { mapFdStatus } from './status-map.ts';

const NO_SCORE: ScorePair = { home: null, away: null };

/**
 * A v4 match as our Match, or null while a side is still undecided (a knockout slot with no team), which
 * nobody can follow yet. `now` decides IN_PLAY's half when the plan sends no minute (status-map.ts).
 *
 * Scores: v4's `fullTime` includes shoot-out goals (a 1-1 won 4-5 on penalties reads 5-6), so the current
 * score is regular plus extra time when v4 breaks it down, else `fullTime` less the penalties.
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
  const { fullTime, regularTime, extraTime, penalties } = m.score;
  const current = regularTime
    ? add(regularTime, extraTime ?? NO_SCORE)
    : duration === 'PENALTY_SHOOTOUT' && penalties
      ? subtract(fullTime, penalties)
      : fullTime;
  // The 90-minute score: v4's regularTime, or fullTime when the match ended in regular time.
  const fulltime =
    regularTime ??
    (isFinished(status) && duration !== 'EXTRA_TIME' && duration !== 'PENALTY_SHOOTOUT'
      ? fullTime
      : NO_SCORE);

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
    score: {
      current: { ...current },
      halftime: { ...(m.score.halfTime ?? NO_SCORE) },
      fulltime: { ...fulltime },
      extratime: { ...(extraTime ?? NO_SCORE) },
      penalties: { ...(penalties ?? NO_SCORE) },
    },
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

const add = (a: ScorePair, b: ScorePair): ScorePair => ({
  home: a.home === null ? null : a.home + (b.home ?? 0),
  away: a.away === null ? null : a.away + (b.away ?? 0),
});

const subtract = (a: ScorePair, b: ScorePair): ScorePair => ({
  home: a.home === null ? null : Math.max(0, a.home - (b.home ?? 0)),
  away: a.away === null ? null : Math.max(0, a.away - (b.away ?? 0)),
});
