import type { ScoreboardEntry } from '@pitchside/shared/protocol';

/**
 * The protocol's order of a match's versions: a later `seq` in the same history, or another `epoch` (the
 * history restarted), which the later arrival wins.
 */
export const isLaterEntry = (held: ScoreboardEntry, incoming: ScoreboardEntry): boolean =>
  held.epoch !== incoming.epoch || incoming.seq > held.seq;

/** Folds lists into `seen`, keeping each match's latest version (idempotent: folding twice changes nothing). */
export function rememberLatest(
  seen: Map<string, ScoreboardEntry>,
  sources: readonly (readonly ScoreboardEntry[])[],
): void {
  for (const list of sources) {
    for (const entry of list) {
      const held = seen.get(entry.match.id);
      if (!held || isLaterEntry(held, entry)) seen.set(entry.match.id, entry);
    }
  }
}

/** `base` in its own order, each entry replaced by a later version of its match from `seen`. */
export const withLatest = (
  base: readonly ScoreboardEntry[],
  seen: ReadonlyMap<string, ScoreboardEntry>,
): ScoreboardEntry[] =>
  base.map((entry) => {
    const latest = seen.get(entry.match.id);
    return latest && isLaterEntry(entry, latest) ? latest : entry;
  });
