import type { ClientToServerEvents } from '@pitchside/shared/protocol';
import { readAck } from './live-parsers.ts';
import type { LiveChannel, LiveRequest, RequestAck, RequestPayload } from './live-channel.ts';

export interface SentRequest {
  event: keyof ClientToServerEvents;
  payload: Record<string, unknown>;
  /** Answers the request as the gateway would: the raw answer goes through the same parsing as the socket's. */
  reply: (response: unknown) => void;
}

/** A stand-in for the socket in unit tests: records what the stores send and lets the test answer. */
export class FakeChannel implements LiveChannel {
  connected = true;
  readonly sent: SentRequest[] = [];

  request<E extends LiveRequest>(
    event: E,
    payload: RequestPayload<E>,
    onAck?: (ack: RequestAck<E>) => void,
  ): void {
    this.sent.push({
      event,
      payload: payload as unknown as Record<string, unknown>,
      reply: (raw) => onAck?.(readAck(event, raw)),
    });
  }

  /** The requests of one kind, oldest first. */
  requests(event: keyof ClientToServerEvents): SentRequest[] {
    return this.sent.filter((s) => s.event === event);
  }

  /** The last request of one kind; fails the test when there is none. */
  last(event: keyof ClientToServerEvents): SentRequest {
    const found = this.requests(event).at(-1);
    if (!found) throw new Error(`nothing was sent as ${event}`);
    return found;
  }
}
