import type { ClientToServerEvents } from '@pitchside/shared/protocol';

/**
 * What the subscription stores need of the socket: whether it is connected, and `emit` with an ack.
 * The real channel is the socket.io client (see live-connection.ts); unit tests hand in a small fake.
 */
export interface LiveChannel {
  readonly connected: boolean;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): unknown;
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
