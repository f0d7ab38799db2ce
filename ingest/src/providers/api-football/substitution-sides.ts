import type { ApiEvent, ApiPerson } from './event-schema.ts';
import type { ApiLineup } from './lineup-schema.ts';

/**
 * Which side of an API-Football `subst` event is which. API-Football is not consistent: in some fixtures
 * `player` is the one going off and `assist` the one coming on (fixtures-events_653808: Fred is booked at 69'
 * and is `player` of the 88' substitution), in others the reverse (the 2024-02-21 live list: Mihrab scores at
 * 32' and is `assist` of the 77' substitution; Morsli is `player` at 37' and booked at 55').
 * See api-sports/public-roadmap#170 and #283, closed without a fix.
 */
export type SubstitutionSides = 'player-off' | 'player-on';

/**
 * When a fixture gives no evidence either way: `player` going off, `assist` coming on, the convention API-Football
 * users report as usual (api-sports/public-roadmap#371) and the one in the fixture-events sample.
 */
export const DEFAULT_SUBSTITUTION_SIDES: SubstitutionSides = 'player-off';

/**
 * Decides the orientation for one fixture by evidence, then applies it to all its substitutions (the mix-up
 * is per fixture, not per event). Each substitution votes: someone who appears in a goal or card of the same
 * team before it was on the pitch, so is going off; someone who appears after it came on; a starter (when
 * lineups are in the payload) goes off, a substitute comes on. The majority wins.
 */
export function substitutionSides(
  events: readonly ApiEvent[],
  lineups: readonly ApiLineup[] = [],
): SubstitutionSides {
  let playerOff = 0;
  let playerOn = 0;
  const vote = (onPitchBefore: boolean, onPitchAfter: boolean, side: 'player' | 'assist'): void => {
    // "player was on the pitch before" means player goes off; for the assist it is the other way round.
    const goesOff = side === 'player';
    if (onPitchBefore) {
      if (goesOff) playerOff++;
      else playerOn++;
    }
    if (onPitchAfter) {
      if (goesOff) playerOn++;
      else playerOff++;
    }
  };

  const starters = new Set<string>();
  const bench = new Set<string>();
  for (const lineup of lineups) {
    for (const { player } of lineup.startXI) keysOf(lineup.team.id, player).forEach((k) => starters.add(k));
    for (const { player } of lineup.substitutes) keysOf(lineup.team.id, player).forEach((k) => bench.add(k));
  }

  events.forEach((event, index) => {
    if (!isSubstitution(event)) return;
    const involved = (range: readonly ApiEvent[], person: ApiPerson): boolean => {
      const keys = keysOf(event.team.id, person);
      return range.some(
        (other) =>
          !isSubstitution(other) &&
          other.team.id === event.team.id &&
          [...keysOf(other.team.id, other.player), ...keysOf(other.team.id, other.assist)].some((k) =>
            keys.includes(k),
          ),
      );
    };
    const before = events.slice(0, index);
    const after = events.slice(index + 1);
    for (const side of ['player', 'assist'] as const) {
      const person = event[side];
      const keys = keysOf(event.team.id, person);
      vote(involved(before, person), involved(after, person), side);
      vote(
        keys.some((k) => starters.has(k)),
        keys.some((k) => bench.has(k)),
        side,
      );
    }
  });

  if (playerOff === playerOn) return DEFAULT_SUBSTITUTION_SIDES;
  return playerOff > playerOn ? 'player-off' : 'player-on';
}

export const isSubstitution = (event: ApiEvent): boolean => event.type.toLowerCase() === 'subst';

/** A person is known by id when API-Football has one, by name otherwise (lower leagues often lack ids). */
function keysOf(teamId: number, person: { id: number | null; name: string | null }): string[] {
  const keys: string[] = [];
  if (person.id !== null) keys.push(`${teamId}:id:${person.id}`);
  if (person.name !== null) keys.push(`${teamId}:name:${person.name}`);
  return keys;
}
