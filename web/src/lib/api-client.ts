import type { Ack } from '@pitchside/shared/protocol';
import { readEnvelope, type Parser } from './envelope.ts';

/**
 * GET a JSON envelope from the gateway (same origin, under /api). A network failure is an answer too
 * ('server:unavailable'), so callers handle one shape; only an abort rejects.
 */
export async function getJson<T>(path: string, parser: Parser<T>, signal?: AbortSignal): Promise<Ack<T>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { error: { code: 'server:unavailable', message: 'The service could not be reached.' } };
  }
  const body: unknown = await response.json().catch(() => null);
  return readEnvelope(body, parser);
}
