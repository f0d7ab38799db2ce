import { UpstreamError } from './errors.ts';
import type { RateBudget } from './rate-budget.ts';

export interface HttpClientOptions {
  /** Prefix of every path, e.g. `https://v3.football.api-sports.io`; empty to pass absolute URLs. */
  baseUrl: string;
  timeoutMs: number;
  /** Sent with every request (the API key lives here). */
  headers?: Record<string, string>;
  /** Node's global fetch unless a test or a proxy says otherwise. */
  fetch?: typeof fetch;
  /** Consulted before every call and fed every response's headers. */
  budget?: RateBudget;
  now?: () => number;
}

export type Query = Record<string, string | number | undefined>;

/**
 * A small GET client for upstream APIs. Every failure comes out as an `UpstreamError` with a stable code,
 * so callers decide on retries by code, never by parsing messages.
 */
export class HttpClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: HttpClientOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  /** The parsed JSON body of a 2xx answer; anything that is not JSON is `ingest:upstream-schema`. */
  async getJson(path: string, query?: Query): Promise<unknown> {
    const { url, text } = await this.get(path, query, 'application/json');
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new UpstreamError('ingest:upstream-schema', `Upstream body is not JSON (${url})`, { url, cause });
    }
  }

  /** The body of a 2xx answer as text (feeds, XML). */
  async getText(path: string, query?: Query): Promise<string> {
    return (await this.get(path, query, '*/*')).text;
  }

  private async get(
    path: string,
    query: Query | undefined,
    accept: string,
  ): Promise<{ url: string; text: string }> {
    const url = this.url(path, query);
    this.options.budget?.take(this.now());
    // One signal covers the whole exchange, body included: a server that sends headers then stalls still times out.
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await this.fetchImpl(url, {
        method: 'GET',
        headers: { accept, ...this.options.headers },
        signal,
      });
      this.options.budget?.observe(response.headers, this.now());
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw this.statusError(url, response);
      }
      return { url, text: await response.text() };
    } catch (error) {
      throw this.classify(url, error);
    }
  }

  private url(path: string, query: Query | undefined): string {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  }

  private statusError(url: string, response: Response): UpstreamError {
    const status = response.status;
    if (status === 429) {
      const now = this.now();
      // Retry-After first; football-data's 429 carries none, but its counter says when the minute turns
      // (`X-RequestCounter-Reset`, read into the budget a moment ago); else a minute, what both providers'
      // per-minute windows need at most.
      const minute = this.options.budget?.minute(now);
      const retryAfterMs =
        parseRetryAfter(response.headers.get('retry-after'), now) ??
        (minute && minute.remaining === 0 ? minute.resetAt - now : 60_000);
      this.options.budget?.pauseFor(retryAfterMs, now);
      return new UpstreamError('ingest:upstream-rate-limited', `Upstream rate limit hit (${url})`, {
        url,
        status,
        retryAfterMs,
      });
    }
    return new UpstreamError('ingest:upstream-http', `Upstream answered HTTP ${status} (${url})`, {
      url,
      status,
    });
  }

  private classify(url: string, error: unknown): UpstreamError {
    if (error instanceof UpstreamError) return error;
    // AbortSignal.timeout() rejects with a DOMException named TimeoutError, during the request or the body.
    if (error instanceof Error && error.name === 'TimeoutError') {
      return new UpstreamError(
        'ingest:upstream-timeout',
        `Upstream did not answer within ${this.options.timeoutMs} ms (${url})`,
        {
          url,
          cause: error,
        },
      );
    }
    return new UpstreamError('ingest:upstream-network', `Upstream unreachable (${url})`, {
      url,
      cause: error,
    });
  }
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
