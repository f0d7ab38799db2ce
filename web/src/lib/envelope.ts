import type { ErrorBody } from '@pitchside/shared/errors';
import type { Ack } from '@pitchside/shared/protocol';

/** The part of a zod schema we use: shared's schemas fit it, and web needs no direct dependency on zod. */
export interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

/**
 * Reads an envelope at the boundary: `{data}` is parsed with its schema, `{error}` passed on, and anything
 * else becomes 'server:internal' so the page can say that something went wrong instead of crashing.
 */
/** What the gateway answers, over REST and in socket acks alike, is shared's `Ack`. */
export function readEnvelope<T>(raw: unknown, parser: Parser<T>): Ack<T> {
  if (isRecord(raw) && 'data' in raw) {
    const parsed = parser.safeParse(raw.data);
    if (parsed.success) return { data: parsed.data };
    console.warn('Unexpected payload from the server', parsed.error.issues);
  } else if (isRecord(raw) && isRecord(raw.error) && typeof raw.error.code === 'string') {
    return { error: raw.error as unknown as ErrorBody };
  }
  return { error: { code: 'server:internal', message: 'Unexpected answer from the server.' } };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
