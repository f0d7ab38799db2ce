/**
 * ISO 8601 in UTC with a Z and no milliseconds, the one form our schemas and Redis keys expect
 * ("2024-02-21T20:15:00Z"). Null for anything that is not a real instant, so callers decide what to drop.
 */
export function toIsoUtc(input: string | number | Date): string | null {
  const ms = input instanceof Date ? input.getTime() : typeof input === 'number' ? input : Date.parse(input);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
