/**
 * The connection as the visitor sees it, as an explicit state machine (centrifuge-js keeps one `state`
 * and moves it only through named transitions; so do we). Pure, so it is tested without a socket.
 *
 * - connecting: the first connection of this page view is under way.
 * - live: the socket is connected; what the page shows is being kept current.
 * - reconnecting: a live connection was lost and socket.io is retrying with its backoff.
 * - offline: the browser says there is no network (or retrying was given up); we wait for it to return.
 */
export const CONNECTION_STATES = ['connecting', 'live', 'reconnecting', 'offline'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export type ConnectionEvent =
  /** The socket connected (first time or again). */
  | { type: 'connected' }
  /** The socket lost its connection, or an attempt to connect failed. */
  | { type: 'disconnected' }
  /** socket.io stopped retrying (only with a finite reconnectionAttempts). */
  | { type: 'gave-up' }
  | { type: 'browser-offline' }
  /** The browser's network is back; the socket may have survived the outage. */
  | { type: 'browser-online'; socketConnected: boolean };

export interface ConnectionStatus {
  state: ConnectionState;
  /** Whether this page view was ever live: decides between "connecting" and "reconnecting". */
  wasLive: boolean;
}

export const initialConnectionStatus = (browserOnline: boolean): ConnectionStatus => ({
  state: browserOnline ? 'connecting' : 'offline',
  wasLive: false,
});

const retrying = (status: ConnectionStatus): ConnectionState =>
  status.wasLive ? 'reconnecting' : 'connecting';

export function nextConnectionStatus(status: ConnectionStatus, event: ConnectionEvent): ConnectionStatus {
  switch (event.type) {
    case 'connected':
      // A socket that connects has a network, whatever the browser last said.
      return { state: 'live', wasLive: true };
    case 'disconnected':
      // Offline stays offline until the browser says the network is back.
      if (status.state === 'offline') return status;
      return { ...status, state: retrying(status) };
    case 'gave-up':
    case 'browser-offline':
      return { ...status, state: 'offline' };
    case 'browser-online':
      if (event.socketConnected) return { state: 'live', wasLive: true };
      return status.state === 'offline' ? { ...status, state: retrying(status) } : status;
  }
}
