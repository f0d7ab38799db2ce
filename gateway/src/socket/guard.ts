import type { z } from 'zod';
import { MAX_SOCKET_PAYLOAD_BYTES } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Ack, AckCallback, ClientToServerEvents } from '@pitchside/shared/protocol';
import { withinSendBudget, type SendBudgetConn } from './send-budget.ts';

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
  Ctx extends { data: RateState; conn: object },
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
      if (!takeToken(this.data)) {
        // One answer per flood: the first request refused says so, the rest of the flood is dropped.
        if (!warnOnce(this.data)) return;
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
 * A token bucket kept as two numbers on the socket's data (not an object per socket): bursts are fine,
 * a flood is refused (one `request:rate-limited` answer, see `warnOnce`).
 */
export function takeToken(state: RateState, now = Date.now()): boolean {
  const elapsed = (now - (state.tokensAt ?? now)) / 1000;
  const tokens = Math.min(BURST, (state.tokens ?? BURST) + elapsed * REFILL_PER_SECOND);
  state.tokensAt = now;
  if (tokens < 1) {
    state.tokens = tokens;
    return false;
  }
  state.tokens = tokens - 1;
  if (state.warned) state.warned = false;
  return true;
}

/** True for the first refused request since one was served (it gets an answer), false for the rest. */
export function warnOnce(state: RateState): boolean {
  if (state.warned) return false;
  state.warned = true;
  return true;
}
