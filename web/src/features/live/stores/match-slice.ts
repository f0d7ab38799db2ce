import type { StateCreator } from 'zustand';
import type { MatchDetail } from '@pitchside/shared/domain';
import type { ErrorBody } from '@pitchside/shared/errors';
import type { LiveState } from './live-store.ts';

/** A match as this page holds it: the snapshot and the last delta folded into it. */
export interface HeldMatch {
  detail: MatchDetail;
  epoch: string;
  seq: number;
}

/**
 * One match a page is watching. `held` stays while a resync is under way (the page keeps showing the
 * last known state); `error` is the last failed subscription, e.g. 'match:not-found'.
 */
export interface MatchSlot {
  held: HeldMatch | null;
  error: ErrorBody | null;
}

export interface MatchSlice {
  matches: ReadonlyMap<string, MatchSlot>;
  matchOpened: (matchId: string) => void;
  matchHeld: (matchId: string, held: HeldMatch) => void;
  matchFailed: (matchId: string, error: ErrorBody) => void;
  matchClosed: (matchId: string) => void;
}

const EMPTY_SLOT: MatchSlot = { held: null, error: null };

/** Plain setters: the rules (ordering, gaps, resync) live in match-subscriptions.ts, which calls these. */
export const createMatchSlice: StateCreator<LiveState, [], [], MatchSlice> = (set) => {
  const put = (matchId: string, slot: (prev: MatchSlot | undefined) => MatchSlot) =>
    set((s) => ({ matches: new Map(s.matches).set(matchId, slot(s.matches.get(matchId))) }));

  return {
    matches: new Map(),
    matchOpened: (matchId) => put(matchId, (prev) => prev ?? EMPTY_SLOT),
    matchHeld: (matchId, held) => put(matchId, () => ({ held, error: null })),
    matchFailed: (matchId, error) =>
      // An unknown match has nothing to show; any other failure keeps the last known state on screen.
      put(matchId, (prev) => ({
        held: error.code === 'match:not-found' ? null : (prev?.held ?? null),
        error,
      })),
    matchClosed: (matchId) =>
      set((s) => {
        if (!s.matches.has(matchId)) return s;
        const matches = new Map(s.matches);
        matches.delete(matchId);
        return { matches };
      }),
  };
};
