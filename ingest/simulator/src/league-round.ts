import { Rng } from './prng.ts';
import type { SimCompetition, SimTeam } from './match-day.ts';

/**
 * A league's fixture list, which never runs out: the season is a run of double round robins ("cycles"),
 * every team meeting every other once at home and once away in each, the way leagues of ten play four of
 * them a season (Swiss Super League, 36 rounds). The first cycle is the fixture list the first simulated
 * day was drawn from; each later one is shuffled from its own seed, so the order of meetings changes.
 */

/** Rounds in one cycle: 18 for ten teams. */
export function roundsPerCycle(teamCount: number): number {
  return 2 * (teamCount - 1);
}

/** The cycle a round belongs to, 0 for rounds 1..18 of a ten-team league. */
export function cycleOf(round: number, teamCount: number): number {
  return Math.floor((round - 1) / roundsPerCycle(teamCount));
}

/** The (home, away) pairs of round `round` (1-based) of a league. */
export function leagueRound(seed: number, competition: SimCompetition, round: number): [SimTeam, SimTeam][] {
  const perCycle = roundsPerCycle(competition.teams.length);
  const cycle = cycleOf(round, competition.teams.length);
  // Cycle 0 keeps the seed it has always had, so the first simulated day is what it was before days repeated.
  const order = (
    cycle === 0
      ? Rng.for(seed, 'fixture-list', competition.id)
      : Rng.for(seed, 'fixture-list', competition.id, cycle)
  ).shuffle(competition.teams);
  return doubleRoundRobin(order)[(round - 1) % perCycle] ?? [];
}

/** A double round robin by the circle method: every team meets every other once at home, once away. */
function doubleRoundRobin(teams: readonly SimTeam[]): [SimTeam, SimTeam][][] {
  const n = teams.length;
  const rotating = teams.slice(1);
  const firstLeg: [SimTeam, SimTeam][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const circle = [teams[0]!, ...rotating];
    const pairs: [SimTeam, SimTeam][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = circle[i]!;
      const b = circle[n - 1 - i]!;
      // Alternate home and away so nobody plays at home round after round.
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    firstLeg.push(pairs);
    rotating.unshift(rotating.pop()!);
  }
  const secondLeg = firstLeg.map((pairs) => pairs.map(([a, b]): [SimTeam, SimTeam] => [b, a]));
  return [...firstLeg, ...secondLeg];
}
