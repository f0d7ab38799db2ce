import type { Lineup, MatchEvent } from '@pitchside/shared/domain';

/**
 * Substitutions with `player` coming on and `related` going off, as the domain says, even where the feed
 * had them the other way round. API-Football mixes the two up per fixture (ingest's substitution-sides.ts
 * decides by evidence, and can be outvoted); the lineups settle it: a starter does not come on and a
 * substitute does not go off first. A substitution the lineups cannot settle (players not listed, a
 * substitute replaced again) is left as it came. Returns the same array when nothing changes.
 */
export function orientSubstitutions(
  events: readonly MatchEvent[],
  lineups: readonly Lineup[],
): readonly MatchEvent[] {
  if (lineups.length === 0 || !events.some((e) => e.kind === 'substitution')) return events;
  const starters = new Set<string>();
  const bench = new Set<string>();
  for (const lineup of lineups) {
    for (const p of lineup.startXI) if (p.id) starters.add(p.id);
    for (const p of lineup.substitutes) if (p.id) bench.add(p.id);
  }
  let changed = false;
  const oriented = events.map((event) => {
    if (event.kind !== 'substitution' || !event.player?.id || !event.related?.id) return event;
    const backwards = starters.has(event.player.id) && bench.has(event.related.id);
    if (!backwards) return event;
    changed = true;
    return { ...event, player: event.related, related: event.player };
  });
  return changed ? oriented : events;
}
