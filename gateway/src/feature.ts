import type { Express } from 'express';
import type { MatchFanout } from './socket/match-fanout.ts';
import type { PitchsideServer } from './socket/socket-server.ts';

/**
 * A part of the gateway that createApp composes: it mounts its routes (in createApp's order: a feature
 * mounted earlier sees a request first), may join the socket server once it exists, and closes what it
 * opened.
 */
export interface Feature {
  mount(app: Express): void | Promise<void>;
  attach?(sockets: { io: PitchsideServer; matchFanout: MatchFanout }): void;
  close(): Promise<void>;
}
