import type { CompetitionType, Match, ScorePair } from '@pitchside/shared/domain';
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
    status: mapApiStatus(f.fixture.status.short, f.fixture.status.elapsed),
    clock: { elapsed: f.fixture.status.elapsed, stoppage: f.fixture.status.extra ?? null },
    home: { id: String(f.teams.home.id), name: f.teams.home.name, logo: f.teams.home.logo },
    away: { id: String(f.teams.away.id), name: f.teams.away.name, logo: f.teams.away.logo },
    score: {
      current: pair(f.goals),
      halftime: pair(f.score.halftime),
      fulltime: pair(f.score.fulltime),
      // API-Football's extratime holds the goals scored in extra time only; we pass it on as is.
      extratime: pair(f.score.extratime),
      penalties: pair(f.score.penalty),
    },
  };
}

const pair = (p: ScorePair): ScorePair => ({ home: p.home, away: p.away });

/** "Andy Madley, England" -> "Andy Madley": the nationality suffix is not part of the name. */
function refereeName(referee: string | null): string | null {
  const name = referee?.split(',')[0]?.trim();
  return name ? name : null;
}
