import type { Socket } from 'socket.io-client';
import {
  OPS_EVENTS,
  OPS_NAMESPACE,
  type OpsClientToServerEvents,
  type OpsConnectRefusal,
  type OpsSample,
  type OpsServerToClientEvents,
} from '@pitchside/shared/protocol';

/** Where the feed stands: connecting, receiving samples, refused (and why), or cut off. */
export type OpsFeedState = 'connecting' | 'live' | 'disconnected' | { refused: OpsConnectRefusal['code'] };

export interface OpsFeedHandlers {
  /** The current access token (refreshed first when it has expired), or null when signed out. */
  token(): Promise<string | null>;
  onSample(sample: OpsSample): void;
  onState(state: OpsFeedState): void;
}

type OpsSocket = Socket<OpsServerToClientEvents, OpsClientToServerEvents>;

/**
 * Opens the operators' feed: the gateway's admin namespace (shared/protocol/ops-events.ts), same origin,
 * WebSocket only. socket.io-client is loaded here, lazily, so it costs the dashboard and nothing else. The
 * token is asked for on every (re)connection attempt, so a refreshed one is used after an expiry.
 * Returns the function that closes it.
 */
export function openOpsFeed(handlers: OpsFeedHandlers): () => void {
  let socket: OpsSocket | null = null;
  let closed = false;
  handlers.onState('connecting');
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const opened: OpsSocket = io(OPS_NAMESPACE, {
      transports: ['websocket'],
      auth: (callback) => {
        handlers.token().then(
          (token) => callback({ token: token ?? '' }),
          () => callback({ token: '' }),
        );
      },
    });
    socket = opened;
    opened.on('connect', () => handlers.onState('live'));
    opened.on('disconnect', () => handlers.onState('disconnected'));
    opened.on('connect_error', (error) => {
      const code = (error as Error & { data?: Partial<OpsConnectRefusal> }).data?.code;
      if (code === 'auth:forbidden' || code === 'auth:unauthenticated') {
        // The gateway said no: retrying with the same credentials would only be told no again.
        handlers.onState({ refused: code });
        opened.disconnect();
      } else handlers.onState('disconnected');
    });
    opened.on(OPS_EVENTS.sampled, handlers.onSample);
  });
  return () => {
    closed = true;
    socket?.removeAllListeners();
    socket?.disconnect();
  };
}
