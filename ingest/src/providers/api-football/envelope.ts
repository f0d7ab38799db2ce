import { z } from 'zod';
import { UpstreamError } from '../errors.ts';
import { parseUpstream } from '../parse-upstream.ts';

/**
 * Every API-Football v3 answer: `{get, parameters, errors, results, paging, response}`. `parameters` and
 * `errors` are an empty array when there is nothing, an object otherwise (see error_missing-parameter.json:
 * HTTP 200 with `errors: {required: "..."}`).
 */
const EnvelopeSchema = z.object({
  get: z.string(),
  parameters: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  results: z.number().int().min(0),
  paging: z.object({ current: z.number().int(), total: z.number().int() }).optional(),
  response: z.array(z.unknown()),
});

/**
 * Unwraps an envelope and parses its `response` items. An envelope with errors is rejected even on HTTP 200:
 * `ingest:upstream-errors`, except the per-minute limit (`errors.rateLimit`), which is a rate limit and will
 * pass, and the daily quota (`errors.requests`), which will pass at 00:00 UTC.
 */
export function parseEnvelope<S extends z.ZodType>(body: unknown, itemSchema: S, url: string): z.output<S>[] {
  const envelope = parseUpstream(EnvelopeSchema, body, url);
  const errors = Array.isArray(envelope.errors) ? envelope.errors : Object.entries(envelope.errors);
  if (errors.length > 0) throw envelopeError(envelope.errors, url);
  return parseUpstream(z.array(itemSchema), envelope.response, url, ['response']);
}

function envelopeError(errors: unknown[] | Record<string, unknown>, url: string): UpstreamError {
  const text = Array.isArray(errors)
    ? errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('; ')
    : Object.entries(errors)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('; ');
  if (!Array.isArray(errors) && 'rateLimit' in errors) {
    return new UpstreamError('ingest:upstream-rate-limited', `API-Football refused: ${text}`, {
      url,
      retryAfterMs: 60_000,
    });
  }
  if (!Array.isArray(errors) && 'requests' in errors) {
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return new UpstreamError('ingest:rate-budget-exhausted', `API-Football refused: ${text}`, {
      url,
      retryAfterMs: midnight - now.getTime(),
    });
  }
  return new UpstreamError('ingest:upstream-errors', `API-Football answered with errors: ${text}`, { url });
}
