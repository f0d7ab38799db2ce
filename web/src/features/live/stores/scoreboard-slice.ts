import type { StateCreator } from 'zustand';
import type { ErrorBody } from '@pitchside/shared/errors';
import type { ScoreboardEntry, ScoreboardUpdate } from '@pitchside/shared/protocol';
import type { LiveState } from './live-store.ts';

/** One scoreboard room a page is watching, its entries keyed by match id. */
export interface ScoreboardSlot {
  entries: ReadonlyMap<string, ScoreboardEntry>;
  /** False until a first list arrived (socket snapshot or REST first paint): "loading", not "empty". */
  loaded: boolean;
  error: ErrorBody | null;
}

export interface ScoreboardSlice {
  scoreboards: ReadonlyMap<string, ScoreboardSlot>;
  scoreboardOpened: (room: string) => void;
  /** A full list from the server replaces whatever was held: matches that left the scope meanwhile go. */
  scoreboardReplaced: (room: string, entries: readonly ScoreboardEntry[]) => void;
  scoreboardUpdated: (room: string, update: ScoreboardUpdate) => void;
  scoreboardFailed: (room: string, error: ErrorBody) => void;
  scoreboardClosed: (room: string) => void;
}

const EMPTY_SLOT: ScoreboardSlot = { entries: new Map(), loaded: false, error: null };

/** Whether `incoming` is later in its match's history than `held` (a new epoch is a restart: take it). */
export const isNewerEntry = (held: ScoreboardEntry | undefined, incoming: ScoreboardEntry): boolean =>
  !held || held.epoch !== incoming.epoch || incoming.seq > held.seq;

/**
 * Folds one push into a room's entries; returns the same Map when nothing changes, so subscribers
 * are not woken for a stale push.
 */
export function mergeScoreboardUpdate(
  entries: ReadonlyMap<string, ScoreboardEntry>,
  { entry, inScope }: ScoreboardUpdate,
): ReadonlyMap<string, ScoreboardEntry> {
  const held = entries.get(entry.match.id);
  if (!inScope) {
    // A match leaving the scope leaves even if we never saw it; an older "leave" does not remove a newer entry.
    if (!held || (held.epoch === entry.epoch && entry.seq < held.seq)) return entries;
    const next = new Map(entries);
    next.delete(entry.match.id);
    return next;
  }
  if (!isNewerEntry(held, entry)) return entries;
  return new Map(entries).set(entry.match.id, entry);
}

/**
 * A full list as the room's entries, keeping each entry already held at the same position in its match's
 * history (same epoch and seq: the same state of the match). A page's rows are memoised on their entry, so
 * the socket's first answer, which mostly repeats what the server rendered, re-renders only what moved.
 * An unknown position (empty epoch: a bare REST list) is never taken as the same.
 */
export function replaceEntries(
  held: ReadonlyMap<string, ScoreboardEntry>,
  entries: readonly ScoreboardEntry[],
): ReadonlyMap<string, ScoreboardEntry> {
  return new Map(
    entries.map((entry) => {
      const same = held.get(entry.match.id);
      const keep = same && entry.epoch !== '' && same.epoch === entry.epoch && same.seq === entry.seq;
      return [entry.match.id, keep ? same : entry];
    }),
  );
}

/** Same entries, same objects, same order. */
const sameEntries = (a: ReadonlyMap<string, ScoreboardEntry>, b: ReadonlyMap<string, ScoreboardEntry>) => {
  if (a.size !== b.size) return false;
  const bs = b.values();
  for (const entry of a.values()) if (bs.next().value !== entry) return false;
  return true;
};

export const createScoreboardSlice: StateCreator<LiveState, [], [], ScoreboardSlice> = (set) => {
  const put = (room: string, slot: (prev: ScoreboardSlot) => ScoreboardSlot) =>
    set((s) => {
      const prev = s.scoreboards.get(room) ?? EMPTY_SLOT;
      const next = slot(prev);
      return next === prev ? s : { scoreboards: new Map(s.scoreboards).set(room, next) };
    });

  return {
    scoreboards: new Map(),
    scoreboardOpened: (room) =>
      set((s) =>
        s.scoreboards.has(room) ? s : { scoreboards: new Map(s.scoreboards).set(room, EMPTY_SLOT) },
      ),
    scoreboardReplaced: (room, entries) =>
      put(room, (prev) => {
        const next = replaceEntries(prev.entries, entries);
        // Nothing moved: keep the slot, so no subscriber is woken.
        if (prev.loaded && !prev.error && sameEntries(prev.entries, next)) return prev;
        return { entries: next, loaded: true, error: null };
      }),
    scoreboardUpdated: (room, update) =>
      put(room, (prev) => {
        const entries = mergeScoreboardUpdate(prev.entries, update);
        return entries === prev.entries ? prev : { ...prev, entries };
      }),
    scoreboardFailed: (room, error) => put(room, (prev) => ({ ...prev, error })),
    scoreboardClosed: (room) =>
      set((s) => {
        if (!s.scoreboards.has(room)) return s;
        const scoreboards = new Map(s.scoreboards);
        scoreboards.delete(room);
        return { scoreboards };
      }),
  };
};
