import { create } from 'zustand';
import { createConnectionSlice, type ConnectionSlice } from './connection-slice.ts';
import { createMatchSlice, type MatchSlice } from './match-slice.ts';
import { createScoreboardSlice, type ScoreboardSlice } from './scoreboard-slice.ts';

/**
 * Everything the socket keeps current, in one store built from typed slices (zustand's slices pattern).
 * Components read it through selectors; only the socket layer (live-connection.ts and the
 * *-subscriptions.ts modules) writes to it, through the slices' actions.
 */
export type LiveState = ConnectionSlice & MatchSlice & ScoreboardSlice;

export const useLiveStore = create<LiveState>()((...a) => ({
  ...createConnectionSlice(...a),
  ...createMatchSlice(...a),
  ...createScoreboardSlice(...a),
}));
