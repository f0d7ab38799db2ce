import type { z } from 'zod';
import { MAX_SOCKET_PAYLOAD_BYTES } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Ack } from '@pitchside/shared/protocol';

/**
 * Wraps a socket request handler: checks there is an ack to answer, the payload's size and shape,
 * and turns every failure into an error ack. The socket stays up whatever the client sends.
 */
export function guarded<S extends z.ZodType, R>(
  schema: S,
  handle: (payload: z.infer<S>) => Promise<R>,
  onUnexpected: (error: unknown) => void,
) {
  return async (payload: unknown, ack: unknown): Promise<void> => {
    if (typeof ack !== 'function') return; // a request without an ack cannot be answered: ignore it
    const reply = ack as (response: Ack<R>) => void;
    try {
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
      reply({ data: await handle(parsed.data) });
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

/** A token bucket per socket: bursts are fine, a flood is answered with rate-limited errors. */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
  ) {
    this.tokens = capacity;
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
