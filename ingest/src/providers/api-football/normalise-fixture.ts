import {
  isFinished,
  type CompetitionType,
  type Match,
  type MatchStatus,
  type Score,
  type ScorePair,
} from '@pitchside/shared/domain';
import { toIsoUtc } from '../iso-utc.ts';
import type { ApiFixture } from './fixture-schema.ts';
import { guessCompetitionType } from './competition-type.ts';
import { mapApiStatus } from './status-map.ts';

/** Competition types learned from `/leagues`, by league id; a guess fills in for leagues not seen yet. */
export type KnownCompetitionTypes = ReadonlyMap<string, CompetitionType>;

/**
 * An API-Football fixture as our Match. Ids become strings; the kickoff comes from the Unix timestamp
 * (the `date` string carries the caller's timezone offset, the timestamp never does).
 */
export function normaliseFixture(f: ApiFixture, knownTypes: KnownCompetitionTypes = new Map()): Match {
  const leagueId = String(f.league.id);
  const venue = f.fixture.venue;
  const status = mapApiStatus(f.fixture.status.short, f.fixture.status.elapsed);
  return {
    id: String(f.fixture.id),
    competition: {
      id: leagueId,
      name: f.league.name,
      type: knownTypes.get(leagueId) ?? guessCompetitionType(f.league.name, f.league.round),
      country: f.league.country,
      season: f.league.season,
      logo: f.league.logo,
    },
    round: f.league.round,
    kickoff: toIsoUtc(f.fixture.timestamp * 1000) ?? f.fixture.date,
    venue: venue.name === null && venue.city === null ? null : { name: venue.name, city: venue.city },
    referee: refereeName(f.fixture.referee),
    status,
    clock: { elapsed: f.fixture.status.elapsed, stoppage: f.fixture.status.extra ?? null },
    home: { id: String(f.teams.home.id), name: f.teams.home.name, logo: f.teams.home.logo },
    away: { id: String(f.teams.away.id), name: f.teams.away.name, logo: f.teams.away.logo },
    score: apiScore(f, status),
  };
}

const pair = (p: ScorePair): ScorePair => ({ home: p.home, away: p.away });

type Goals = { home: number; away: number };
const known = (p: ScorePair): Goals | null =>
  p.home !== null && p.away !== null ? { home: p.home, away: p.away } : null;
const plus = (a: Goals, b: Goals | null): Goals => ({
  home: a.home + (b?.home ?? 0),
  away: a.away + (b?.away ?? 0),
});
const same = (a: Goals, b: Goals): boolean => a.home === b.home && a.away === b.away;

/**
 * API-Football's score as ours. `goals` is the board (after extra time, without the shoot-out: PEN fixtures
 * 1149519/1149523); `score.fulltime` the 90 minutes, `score.extratime` the goals of extra time only,
 * `score.penalty` the shoot-out. Any of them may be `{null, null}`: a real League Cup PEN fixture sends
 * `extratime` null (no extra time is played there), and the shoot-out's score is sometimes missing
 * (rapidapi.com api-football discussion 130942). So, for a finished match:
 *
 * - the board is `goals`, unless it equals the 90 minutes plus extra time plus the shoot-out (a total no
 *   board shows), or is missing: then the 90 minutes plus extra time;
 * - extra time missing from an AET fixture, or from a PEN fixture whose board is ahead of its 90 minutes,
 *   is the difference (it was played); a PEN fixture level with its 90 minutes keeps it empty, so we do
 *   not claim extra time a competition does not play;
 * - `winner` from `teams.*.winner`, which names who went through when the match settles a tie.
 */
function apiScore(f: ApiFixture, status: MatchStatus): Score {
  const ninety = known(f.score.fulltime);
  const shootout = known(f.score.penalty);
  let extra = known(f.score.extratime);
  let board = known(f.goals);
  if (isFinished(status)) {
    if (ninety && board && shootout && !(shootout.home === 0 && shootout.away === 0)) {
      if (same(board, plus(plus(ninety, extra), shootout))) board = plus(ninety, extra);
    }
    if (!board && ninety) board = plus(ninety, extra);
    const gap = board && ninety ? { home: board.home - ninety.home, away: board.away - ninety.away } : null;
    const played = gap !== null && gap.home >= 0 && gap.away >= 0;
    if (
      !extra &&
      played &&
      (status === 'finished_aet' || (status === 'finished_pen' && !same(board!, ninety!)))
    )
      extra = gap;
  }
  const { home, away } = f.teams;
  const winner = home.winner === true ? 'home' : away.winner === true ? 'away' : null;
  return {
    current: board ?? { home: null, away: null },
    halftime: pair(f.score.halftime),
    fulltime: ninety ?? (status === 'finished' && board ? board : { home: null, away: null }),
    extratime: extra ?? { home: null, away: null },
    penalties: pair(f.score.penalty),
    ...((home.winner !== undefined || away.winner !== undefined) && {
      winner: isFinished(status) ? winner : null,
    }),
  };
}

/** "Andy Madley, England" -> "Andy Madley": the nationality suffix is not part of the name. */
function refereeName(referee: string | null): string | null {
  const name = referee?.split(',')[0]?.trim();
  return name ? name : null;
}
