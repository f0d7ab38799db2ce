import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamError } from '../errors.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { parseEnvelope } from './envelope.ts';

function failure(run: () => unknown): UpstreamError {
  try {
    run();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected the envelope to be rejected');
}

const envelope = (errors: unknown, response: unknown[] = []) => ({
  get: 'fixtures',
  parameters: [],
  errors,
  results: response.length,
  paging: { current: 1, total: 1 },
  response,
});

warnIfNoSharedData('api-football envelope');

describe.skipIf(!hasSharedData)('API-Football envelope, real error response', () => {
  it('rejects HTTP 200 with an errors object as ingest:upstream-errors, not to be retried', () => {
    const error = failure(() =>
      parseEnvelope(readSharedJson('api-football/error_missing-parameter.json'), z.unknown(), '/injuries'),
    );
    expect(error.code).toBe('ingest:upstream-errors');
    expect(error.message).toContain('required: At least one parameter is required.');
    expect(error.retryable).toBe(false);
  });
});

describe('API-Football envelope', () => {
  it('accepts errors as an empty array or an empty object', () => {
    expect(parseEnvelope(envelope([], [1, 2]), z.number(), 'x')).toEqual([1, 2]);
    expect(parseEnvelope(envelope({}, [3]), z.number(), 'x')).toEqual([3]);
  });

  it('rejects a non-empty errors array', () => {
    expect(failure(() => parseEnvelope(envelope(['bad token']), z.unknown(), 'x')).code).toBe(
      'ingest:upstream-errors',
    );
  });

  it('reads the per-minute limit as a rate limit and the daily quota as a spent budget', () => {
    const minute = failure(() =>
      parseEnvelope(envelope({ rateLimit: 'Too many requests' }), z.unknown(), 'x'),
    );
    expect(minute.code).toBe('ingest:upstream-rate-limited');
    expect(minute.details.retryAfterMs).toBe(60_000);
    const day = failure(() =>
      parseEnvelope(
        envelope({ requests: 'You have reached the request limit for the day' }),
        z.unknown(),
        'x',
      ),
    );
    expect(day.code).toBe('ingest:rate-budget-exhausted');
    expect(day.retryable).toBe(true);
  });

  it('rejects a body that is not an envelope', () => {
    expect(failure(() => parseEnvelope({ message: 'hello' }, z.unknown(), 'x')).code).toBe(
      'ingest:upstream-schema',
    );
  });
});
