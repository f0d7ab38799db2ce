import type { ClientToServerEvents } from '@pitchside/shared/protocol';

export type LiveRequest = keyof ClientToServerEvents;
export type RequestPayload<E extends LiveRequest> = Parameters<ClientToServerEvents[E]>[0];
/** The answer to a request (shared's `Ack` of the event's result), as the stores receive it: parsed. */
export type RequestAck<E extends LiveRequest> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/**
 * What the subscription stores need of the socket: whether it is connected, and requests with an answer.
 * The channel is the boundary: it parses every answer with its schema (live-parsers.ts) before a store sees
 * it, as live-connection.ts parses every push. The real channel wraps the socket.io client (see
 * live-connection.ts); unit tests hand in a small fake that parses the same way.
 */
export interface LiveChannel {
  readonly connected: boolean;
  request<E extends LiveRequest>(
    event: E,
    payload: RequestPayload<E>,
    onAck?: (ack: RequestAck<E>) => void,
  ): void;
}

let current: LiveChannel | null = null;

export function setLiveChannel(channel: LiveChannel | null): void {
  current = channel;
}

/**
 * The channel, only while it is connected. socket.io buffers emits made while disconnected and sends them
 * on connect; we re-subscribe on every connect anyway, so a buffered request would only be a duplicate.
 */
export function connectedChannel(): LiveChannel | null {
  return current?.connected ? current : null;
}
