import type { ErrorCode } from '@pitchside/shared/errors';

/**
 * Subscribe errors worth asking again for: the server was busy or briefly unable to answer. Anything else
 * (not found, invalid, over the limit) would fail the same way again and is shown instead.
 */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set([
  'request:rate-limited',
  'server:unavailable',
  'server:internal',
]);

export const isTransient = (code: ErrorCode): boolean => TRANSIENT.has(code);

/** 2–4 s, jittered so that many pages refused at once do not come back at once. */
export const retryDelayMs = (): number => 2_000 + Math.random() * 2_000;
