import type { z } from 'zod';
import { UpstreamError } from './errors.ts';

/**
 * Parses a provider payload (or our normalised version of it) with its zod schema. A violation anywhere
 * rejects the whole payload as `ingest:upstream-schema`: nothing half-parsed leaves a provider.
 */
export function parseUpstream<S extends z.ZodType>(
  schema: S,
  value: unknown,
  url: string,
  /** Where `value` sits in the body, for the message ("response" inside an API-Football envelope). */
  at: readonly PropertyKey[] = [],
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${[...at, ...i.path].map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  throw new UpstreamError(
    'ingest:upstream-schema',
    `Upstream payload failed validation (${url}): ${issues}`,
    {
      url,
      cause: result.error,
    },
  );
}
