/**
 * Everything that can go wrong with an upstream call, each with a stable code for logs and metrics.
 * A processor that catches one rejects the whole payload: nothing is half-written.
 */
export type UpstreamErrorCode =
  | 'ingest:upstream-timeout'
  | 'ingest:upstream-network'
  | 'ingest:upstream-rate-limited'
  | 'ingest:upstream-http'
  | 'ingest:upstream-errors'
  | 'ingest:upstream-schema'
  | 'ingest:rate-budget-exhausted';

export class UpstreamError extends Error {
  constructor(
    readonly code: UpstreamErrorCode,
    message: string,
    readonly details: { url?: string; status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  /** Worth another try later (a timeout, a 5xx, a 429); a schema violation will not fix itself. */
  get retryable(): boolean {
    return this.code !== 'ingest:upstream-schema' && this.code !== 'ingest:upstream-errors';
  }
}
