import type { ScoreboardEntry } from '@pitchside/shared/protocol';

/** Whether `incoming` is later in its match's history than `held` (a new epoch is a restart: take it). */
const isNewer = (held: ScoreboardEntry, incoming: ScoreboardEntry): boolean =>
  held.epoch !== incoming.epoch ? incoming.epoch !== '' : incoming.seq > held.seq;

/**
 * A page's own list (what its loader read) with every newer copy of its matches from live feeds folded in,
 * in the list's order: a feed may hold matches the page does not show, and those stay out.
 */
export function mergeEntries(
  base: readonly ScoreboardEntry[],
  live: Iterable<ScoreboardEntry>,
): ScoreboardEntry[] {
  const newest = new Map<string, ScoreboardEntry>();
  for (const entry of live) {
    const held = newest.get(entry.match.id);
    if (!held || isNewer(held, entry)) newest.set(entry.match.id, entry);
  }
  let changed = false;
  const merged = base.map((entry) => {
    const fresher = newest.get(entry.match.id);
    if (fresher && fresher !== entry && isNewer(entry, fresher)) {
      changed = true;
      return fresher;
    }
    return entry;
  });
  return changed ? merged : (base as ScoreboardEntry[]);
}
