import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from './errors.ts';
import { HttpClient, parseRetryAfter } from './http-client.ts';
import { RateBudget } from './rate-budget.ts';
import { closedPortUrl, startRecordedServer, type RecordedServer } from './testing/recorded-server.ts';
import { fixtureReply } from '../../test/support/fixtures.ts';

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw error;
  return error;
}

describe('HttpClient against a real HTTP server', () => {
  let server: RecordedServer;
  beforeAll(async () => {
    server = await startRecordedServer({
      '/ok': { body: '{"hello":"world"}', headers: { 'X-RateLimit-Remaining': '1' } },
      '/slow': { body: '{}', delayMs: 1000 },
      '/limited': { status: 429, headers: { 'Retry-After': '7' }, body: '{"message":"slow down"}' },
      '/broken': { status: 500, body: 'oops' },
      // football-data's refusal: no Retry-After, its counter says when the minute turns.
      '/fd-limited': fixtureReply('football-data/v4_429_request-limit.built-http.json'),
      '/html': { body: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } },
    });
  });
  afterAll(() => server.close());

  it('returns the JSON body, sends its headers and reads the budget headers', async () => {
    const budget = new RateBudget();
    const http = new HttpClient({
      baseUrl: server.url,
      timeoutMs: 2000,
      headers: { 'x-apisports-key': 'k' },
      budget,
    });
    expect(await http.getJson('/ok', { a: 1, skipped: undefined })).toEqual({ hello: 'world' });
    expect(server.requests.at(-1)?.url).toBe('/ok?a=1');
    expect(server.requests.at(-1)?.headers['x-apisports-key']).toBe('k');
    expect(budget.snapshot().minute?.remaining).toBe(1);
  });

  it('gives up after timeoutMs with ingest:upstream-timeout', async () => {
    const http = new HttpClient({ baseUrl: server.url, timeoutMs: 100 });
    const started = Date.now();
    const error = await failure(http.getJson('/slow'));
    expect(error.code).toBe('ingest:upstream-timeout');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('turns a 429 into ingest:upstream-rate-limited with Retry-After, and holds the next call back', async () => {
    const budget = new RateBudget();
    const http = new HttpClient({ baseUrl: server.url, timeoutMs: 2000, budget });
    const error = await failure(http.getJson('/limited'));
    expect(error.code).toBe('ingest:upstream-rate-limited');
    expect(error.details).toMatchObject({ status: 429, retryAfterMs: 7000 });

    const before = server.requests.length;
    expect((await failure(http.getJson('/ok'))).code).toBe('ingest:rate-budget-exhausted');
    expect(server.requests.length).toBe(before);
  });

  it("waits for football-data's X-RequestCounter-Reset after a 429 without Retry-After", async () => {
    let now = Date.UTC(2026, 10, 22, 15, 0, 0);
    const budget = new RateBudget();
    const http = new HttpClient({ baseUrl: server.url, timeoutMs: 2000, budget, now: () => now });
    const error = await failure(http.getJson('/fd-limited'));
    expect(error.code).toBe('ingest:upstream-rate-limited');
    expect(error.details.retryAfterMs).toBe(48_000);
    now += 47_000;
    expect((await failure(http.getJson('/ok'))).details.retryAfterMs).toBe(1000);
    now += 1000;
    expect(await http.getJson('/ok')).toEqual({ hello: 'world' });
  });

  it('turns any other non-2xx into ingest:upstream-http with the status', async () => {
    const http = new HttpClient({ baseUrl: server.url, timeoutMs: 2000 });
    const error = await failure(http.getJson('/broken'));
    expect(error.code).toBe('ingest:upstream-http');
    expect(error.details.status).toBe(500);
    expect(error.retryable).toBe(true);
  });

  it('turns a 2xx body that is not JSON into ingest:upstream-schema, which is not retried', async () => {
    const http = new HttpClient({ baseUrl: server.url, timeoutMs: 2000 });
    const error = await failure(http.getJson('/html'));
    expect(error.code).toBe('ingest:upstream-schema');
    expect(error.retryable).toBe(false);
  });

  it('turns a refused connection into ingest:upstream-network', async () => {
    const http = new HttpClient({ baseUrl: await closedPortUrl(), timeoutMs: 2000 });
    expect((await failure(http.getJson('/ok'))).code).toBe('ingest:upstream-network');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 7, 27, 10, 0, 0);
  it('reads delay-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 27 Aug 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
