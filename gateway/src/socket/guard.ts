import type { z } from 'zod';
import { MAX_SOCKET_PAYLOAD_BYTES } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Ack } from '@pitchside/shared/protocol';

/**
 * Wraps a socket request handler: checks there is an ack to answer, the payload's size and shape,
 * and turns every failure into an error ack. The socket stays up whatever the client sends.
 */
export function guarded<S extends z.ZodType, R, Ctx extends { data: RateState }>(
  schema: S,
  handle: (socket: Ctx, payload: z.infer<S>) => Promise<R>,
  onUnexpected: (error: unknown) => void,
) {
  // One function for every socket (Socket.IO calls listeners with `this` = the socket): no closure per viewer.
  return async function (this: Ctx, payload: unknown, ack: unknown): Promise<void> {
    if (typeof ack !== 'function') return; // a request without an ack cannot be answered: ignore it
    const reply = ack as (response: Ack<R>) => void;
    try {
      if (!takeToken(this.data)) throw new PitchsideError('request:rate-limited');
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
      onUnexpected(error);
      reply({ error: new PitchsideError('server:internal').toBody() });
    }
  };
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
}

/** Room for a reconnect that resubscribes everything at once; a sustained flood is refused. */
export const BURST = 100;
export const REFILL_PER_SECOND = 20;

/**
 * A token bucket kept as two numbers on the socket's data (not an object per socket): bursts are fine,
 * a flood is answered with rate-limited errors.
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
  return true;
}
