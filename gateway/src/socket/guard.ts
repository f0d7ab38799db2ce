import type { z } from 'zod';
import { MAX_SOCKET_PAYLOAD_BYTES } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Ack, AckCallback, ClientToServerEvents } from '@pitchside/shared/protocol';
import { cutOff, unsentBytes, withinSendBudget, type SendBudgetConn } from './send-budget.ts';

/** A request a client may send: shared's ClientToServerEvents, each answered through an ack. */
export type RequestEvent = keyof ClientToServerEvents;
/** The payload of request `E` as the protocol declares it (what its schema parses to). */
export type RequestPayload<E extends RequestEvent> = Parameters<ClientToServerEvents[E]>[0];
/** What a handler of request `E` answers with: the `data` of the ack the protocol declares for it. */
export type RequestAnswer<E extends RequestEvent> =
  Parameters<ClientToServerEvents[E]>[1] extends AckCallback<infer T> ? T : never;
/** A guarded handler as Socket.IO calls it: the socket as `this`, then the event's payload and ack. */
export type RequestListener<E extends RequestEvent, Ctx> = (
  this: Ctx,
  ...args: Parameters<ClientToServerEvents[E]>
) => Promise<void>;

/**
 * Wraps the handler of request `event`: checks there is an ack to answer, the payload's size and shape,
 * and turns every failure into an error ack. The socket stays up whatever the client sends.
 *
 * Typed by the event's name from the shared protocol, both ways: the schema must parse to the payload the
 * protocol declares, the handler must answer with the ack's data (a wrong answer fails `npm run typecheck`,
 * see guard.test-d.ts), and the listener fits only `socket.on(event, …)` for its own event.
 */
export function guarded<
  E extends RequestEvent,
  S extends z.ZodType<RequestPayload<E>>,
  Ctx extends { data: RateState; conn: object; disconnect(close?: boolean): unknown },
>(
  event: E,
  schema: S,
  handle: (socket: Ctx, payload: z.infer<S>) => Promise<RequestAnswer<E>>,
  onUnexpected: (error: unknown, event: E) => void,
): RequestListener<E, Ctx> {
  // One function for every socket (Socket.IO calls listeners with `this` = the socket): no closure per viewer.
  // What arrives is whatever the client sent, whatever the protocol says: `unknown` until parsed.
  const listener = async function (this: Ctx, payload: unknown, ack: unknown): Promise<void> {
    if (typeof ack !== 'function') return; // a request without an ack cannot be answered: ignore it
    const conn = this.conn as SendBudgetConn;
    // Answers go out only while the client reads them (send-budget.ts): else the connection is cut.
    if (!withinSendBudget(conn)) return;
    const answer = ack as (response: Ack<RequestAnswer<E>>) => void;
    const reply = (response: Ack<RequestAnswer<E>>) => {
      if (withinSendBudget(conn)) answer(response);
    };
    try {
      const admission = admit(this.data);
      if (admission !== 'served') {
        if (admission === 'flooding') disconnectFlooder(this);
        // One answer per flood: the first request refused says so, the rest of the flood is dropped.
        if (admission !== 'refused') return;
        throw new PitchsideError('request:rate-limited');
      }
      if (payloadBytes(payload) > MAX_SOCKET_PAYLOAD_BYTES)
        throw new PitchsideError('request:payload-too-large');
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        throw new PitchsideError(
          'request:invalid',
          'The payload is not valid.',
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
      reply({ data: await handle(this, parsed.data) });
    } catch (error) {
      if (error instanceof PitchsideError) return reply({ error: error.toBody() });
      onUnexpected(error, event);
      reply({ error: new PitchsideError('server:internal').toBody() });
    }
  };
  return listener as RequestListener<E, Ctx>;
}

function payloadBytes(payload: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return Infinity;
  }
}

export interface RateState {
  tokens?: number;
  tokensAt?: number;
  /** Whether the current flood was told `request:rate-limited` already (cleared by the next request served). */
  warned?: boolean;
}

/** Room for a reconnect that resubscribes everything at once; a sustained flood is refused. */
export const BURST = 100;
export const REFILL_PER_SECOND = 20;

/**
 * Refused messages a connection may send on top of its bucket before it is disconnected: a client that
 * keeps sending while refused is flooding, not bursting.
 */
export const FLOOD_DEBT = 100;

/**
 * Disconnects a flooding socket: politely when it reads (it is told `io server disconnect`), at once when
 * its answers are still unsent (Engine.IO would wait for them to drain, and ws for its close frame to be
 * answered within 30 s, neither of which a client that does not read lets happen).
 */
export function disconnectFlooder(socket: { conn: object; disconnect(close?: boolean): unknown }): void {
  socket.disconnect(true);
  const conn = socket.conn as SendBudgetConn;
  if (unsentBytes(conn) > 0) cutOff(conn);
  // A client that stops reading only now would hold the closing handshake for ws's 30 s: a second is enough.
  else setTimeout(cutOff, FLOODER_CLOSE_MS, conn).unref();
}
const FLOODER_CLOSE_MS = 1000;

/**
 * What becomes of one inbound message: `served`; `refused`, the first refused since one was served (it is
 * answered `request:rate-limited`); `dropped`, refused without an answer; `flooding`, refused and the
 * connection is to be disconnected.
 */
export type Admission = 'served' | 'refused' | 'dropped' | 'flooding';

/**
 * A token bucket kept as numbers on the socket's data (not an object per socket), counting every message a
 * connection sends, known or not: bursts are fine, a flood is refused (one `request:rate-limited` answer, the
 * rest dropped), and a refused message costs its token too, so a connection that keeps sending runs into
 * debt and, past FLOOD_DEBT, is disconnected. O(1), no allocation.
 */
export function admit(state: RateState, now = Date.now()): Admission {
  const elapsed = (now - (state.tokensAt ?? now)) / 1000;
  const tokens = Math.min(BURST, (state.tokens ?? BURST) + elapsed * REFILL_PER_SECOND);
  state.tokensAt = now;
  state.tokens = tokens - 1;
  if (tokens >= 1) {
    if (state.warned) state.warned = false;
    return 'served';
  }
  if (state.tokens < -FLOOD_DEBT) return 'flooding';
  if (state.warned) return 'dropped';
  state.warned = true;
  return 'refused';
}
