import type { Ack } from '@pitchside/shared/protocol';
import { readEnvelope, resolveParser, type ParserSource } from './envelope.ts';

/**
 * Reads from the gateway's REST API. The same loaders run on the server (which reaches the API over
 * loopback, forwarding nothing personal) and in the browser (same origin, /api). A network failure is an
 * answer too ('server:unavailable'), so callers handle one shape; only an abort (or a parser chunk that
 * cannot be loaded, like a page chunk that cannot) rejects.
 *
 * `parser` is a schema (anything with `safeParse`) or a lazy parser (envelope.ts `lazyParser`), whose
 * chunk is fetched alongside the request.
 */
export interface ApiClient {
  get<T>(path: string, parser: ParserSource<T>, signal?: AbortSignal): Promise<Ack<T>>;
}

export function createApiClient(base: string): ApiClient {
  return {
    async get<T>(path: string, parser: ParserSource<T>, signal?: AbortSignal): Promise<Ack<T>> {
      const parserReady = resolveParser(parser);
      // Not awaited before the request: a rejection here must not go unhandled while the fetch runs.
      parserReady.catch(() => {});
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          // On the server the API is next door: compressing it would only cost CPU (browsers ignore this).
          headers: { accept: 'application/json', 'accept-encoding': 'identity' },
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        return { error: { code: 'server:unavailable', message: 'The service could not be reached.' } };
      }
      const body: unknown = await response.json().catch(() => null);
      return readEnvelope(body, await parserReady);
    },
  };
}

export const browserApi: ApiClient = createApiClient('/api');

/** What the server renderer hands every loader as its `context`. In the browser there is none. */
export interface LoaderContext {
  api: ApiClient;
  /** The visitor's time zone as the server knows it (the `tz` cookie), for "today" in their day. */
  timeZone: string;
  /** The visitor's browser says it is signed in (the auth cookie hint): picks the shell, never data. */
  signedIn?: boolean;
}

export const apiFrom = (context: unknown): ApiClient =>
  (context as Partial<LoaderContext> | undefined)?.api ?? browserApi;
