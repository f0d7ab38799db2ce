import { deriveSeed, Rng } from './prng.ts';
import {
  generateMatchScript,
  type Disruption,
  type Outcome,
  type ScriptLineup,
  type Side,
} from './match-script.ts';
import { personName, pickLineup } from './squad.ts';
import type { Country, NameBankKey } from './teams.ts';
import type { FixtureRole, SimCompetition, SimFixture, SimTeam } from './match-day.ts';

/**
 * One fixture and its script. Every random choice is seeded by (seed, fixture id), so a fixture drawn again
 * after the day cache has forgotten it tells the same story, to the second.
 */

export interface FixtureSpec {
  seed: number;
  id: number;
  competition: SimCompetition;
  round: string;
  group: string | null;
  kickoffMs: number;
  home: SimTeam;
  away: SimTeam;
  role: FixtureRole;
  knockout: boolean;
  outcome?: Outcome;
  disruption?: Disruption;
  varCancelledGoalBetween?: [number, number];
}

/** Builds a fixture and its script; the script's seed depends only on (seed, fixture id). */
export function buildFixture(spec: FixtureSpec): SimFixture {
  const rng = Rng.for(spec.seed, 'fixture', spec.id);
  const lineups: Record<Side, ScriptLineup> = {
    home: withCaptain(pickLineup(spec.home.squad, rng), rng),
    away: withCaptain(pickLineup(spec.away.squad, rng), rng),
  };
  const script = generateMatchScript({
    seed: deriveSeed(spec.seed, 'script', spec.id),
    lineups,
    knockout: spec.knockout,
    expectedGoals: expectedGoals(spec.home, spec.away, !spec.home.national),
    outcome: spec.outcome,
    disruption: spec.disruption,
    varCancelledGoalBetween: spec.varCancelledGoalBetween,
  });
  return {
    id: spec.id,
    competition: spec.competition,
    round: spec.round,
    group: spec.group,
    kickoffMs: spec.kickoffMs,
    home: spec.home,
    away: spec.away,
    venue: venueOf(spec.home),
    referee: refereeFor(spec.seed, spec.id, spec.competition.country),
    role: spec.role,
    script,
  };
}

export function withCaptain(lineup: ReturnType<typeof pickLineup>, rng: Rng): ScriptLineup {
  const outfield = lineup.startXI.slice(1);
  return { ...lineup, captainId: rng.pick(outfield.length > 0 ? outfield : lineup.startXI).player.id };
}

/** Goals per 90 for each side: stronger teams score more, and the home side a little more. */
export function expectedGoals(home: SimTeam, away: SimTeam, homeAdvantage: boolean): Record<Side, number> {
  const clamp = (x: number) => Math.max(0.35, Math.min(3.2, x));
  return {
    home: clamp(1.2 * (home.strength / away.strength) + (homeAdvantage ? 0.2 : 0)),
    away: clamp(1.1 * (away.strength / home.strength)),
  };
}

export function venueOf(team: SimTeam): SimFixture['venue'] {
  return team.venue
    ? { id: team.venue.id, name: team.venue.name, city: team.venue.city }
    : { id: null, name: null, city: null };
}

const REFEREE_NATIONS: readonly { nation: string; bank: NameBankKey }[] = [
  { nation: 'England', bank: 'en' },
  { nation: 'Spain', bank: 'es' },
  { nation: 'Germany', bank: 'de' },
  { nation: 'Italy', bank: 'it' },
  { nation: 'France', bank: 'fr' },
  { nation: 'Netherlands', bank: 'nl' },
  { nation: 'Portugal', bank: 'pt' },
];

/** "Lukas Hartmann, Germany" (a league's own referees; a cup's from anywhere), or now and then null. */
function refereeFor(seed: number, fixtureId: number, country: Country): string | null {
  const rng = Rng.for(seed, 'referee', fixtureId);
  if (rng.chance(0.15)) return null;
  const referee = REFEREE_NATIONS.find((r) => r.nation === country.name) ?? rng.pick(REFEREE_NATIONS);
  return `${personName(rng, referee.bank)}, ${referee.nation}`;
}
