import { describe, expect, it } from 'vitest';
import {
  initialConnectionStatus,
  nextConnectionStatus,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-machine.ts';

/** Runs events from a fresh page view and returns the state after each. */
function run(online: boolean, ...events: ConnectionEvent[]): ConnectionState[] {
  let status = initialConnectionStatus(online);
  return events.map((event) => (status = nextConnectionStatus(status, event)).state);
}

describe('connection state machine', () => {
  it('goes connecting -> live -> reconnecting -> live as the socket drops and comes back', () => {
    expect(
      run(
        true,
        { type: 'connected' },
        { type: 'disconnected' },
        { type: 'disconnected' },
        { type: 'connected' },
      ),
    ).toEqual(['live', 'reconnecting', 'reconnecting', 'live']);
  });

  it('keeps saying connecting while the first connection keeps failing', () => {
    expect(initialConnectionStatus(true).state).toBe('connecting');
    expect(run(true, { type: 'disconnected' }, { type: 'disconnected' })).toEqual([
      'connecting',
      'connecting',
    ]);
  });

  it('is offline while the browser is, whatever the socket does, until the network returns', () => {
    expect(initialConnectionStatus(false).state).toBe('offline');
    expect(
      run(
        true,
        { type: 'connected' },
        { type: 'browser-offline' },
        { type: 'disconnected' },
        { type: 'browser-online', socketConnected: false },
        { type: 'connected' },
      ),
    ).toEqual(['live', 'offline', 'offline', 'reconnecting', 'live']);
  });

  it('is live again at once when the socket survived a short outage', () => {
    expect(
      run(
        true,
        { type: 'connected' },
        { type: 'browser-offline' },
        { type: 'browser-online', socketConnected: true },
      ),
    ).toEqual(['live', 'offline', 'live']);
  });
});
