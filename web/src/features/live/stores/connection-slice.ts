import type { StateCreator } from 'zustand';
import type { LiveState } from './live-store.ts';
import {
  initialConnectionStatus,
  nextConnectionStatus,
  type ConnectionEvent,
  type ConnectionStatus,
} from './connection-machine.ts';

export interface ConnectionSlice {
  connection: ConnectionStatus;
  /** The one way the connection state changes: an event through the machine. */
  connectionEvent: (event: ConnectionEvent) => void;
}

// navigator is absent where the store is unit-tested (Node): assume online there.
const browserOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

export const createConnectionSlice: StateCreator<LiveState, [], [], ConnectionSlice> = (set) => ({
  connection: initialConnectionStatus(browserOnline()),
  connectionEvent: (event) =>
    set((s) => {
      const next = nextConnectionStatus(s.connection, event);
      return next === s.connection ? s : { connection: next };
    }),
});
