import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Reply } from './recorded-server.ts';

export type PeerFlavour = 'football-data' | 'api-football';

export interface RateLimitedPeerOptions {
  /** Whose budget headers and refusals it speaks. */
  flavour: PeerFlavour;
  /** Calls answered per minute; the rest are refused until the minute turns. Can be changed while it runs. */
  perMinute: number;
  /** The provider's answer to a request (path and query), as recorded or built; undefined is a 404. */
  answer: (url: URL) => Reply | undefined | Promise<Reply | undefined>;
  /**
   * The refusal, given the seconds until the minute turns. Default: football-data's 429 (`errorCode`, "Wait N
   * seconds") with a Retry-After, API-Football's HTTP 200 with `errors.rateLimit`.
   */
  refusal?: (secondsLeft: number, url: URL) => Reply;
  /** The clock the minute is counted by (real time by default). */
  now?: () => number;
  /** API-Football's daily quota in its `x-ratelimit-requests-*` headers (75,000 by default). */
  perDay?: number;
  /** Told of every request as it is answered (a developer's peer prints them). */
  onRequest?: (request: PeerRequest) => void;
  /** Where to listen: a free port on 127.0.0.1 by default. */
  port?: number;
  host?: string;
}

export interface PeerRequest {
  at: number;
  /** Path and query, as the client sent them. */
  url: string;
  status: number;
  /** Refused for the budget (429, or API-Football's rate-limit envelope). */
  refused: boolean;
}

export interface RateLimitedPeer {
  url: string;
  requests: PeerRequest[];
  perMinute: number;
  close(): Promise<void>;
}

/**
 * A provider as its free tiers behave: a real HTTP server that answers from `answer` while the minute's calls
 * last, reports the budget on every answer with the provider's own headers, and refuses the rest until the
 * minute turns. Windows are fixed, counted from the first call after the last one ended, as football-data's
 * `X-RequestCounter-Reset` counts them.
 *
 * - football-data.org v4: `X-Requests-Available-Minute`, `X-RequestCounter-Reset` (seconds); refusal HTTP 429
 *   (https://docs.football-data.org/general/v4/policies.html).
 * - API-Football v3: `X-RateLimit-Limit`, `X-RateLimit-Remaining` per minute, `x-ratelimit-requests-*` per day;
 *   refusal HTTP 200 with `errors.rateLimit` (https://www.api-football.com/documentation-v3#section/Rate-limit).
 */
export async function startRateLimitedPeer(options: RateLimitedPeerOptions): Promise<RateLimitedPeer> {
  const now = options.now ?? Date.now;
  const requests: PeerRequest[] = [];
  let windowStart = -Infinity;
  let used = 0;
  let day = 0;
  const refusal = options.refusal ?? defaultRefusal(options.flavour, () => peer.perMinute);
  const perDay = options.perDay ?? 75_000;

  const peer: RateLimitedPeer = {
    url: '',
    requests,
    perMinute: options.perMinute,
    close: () => Promise.resolve(),
  };

  const budgetHeaders = (t: number): Record<string, string> => {
    const left = Math.max(0, peer.perMinute - used);
    const reset = String(Math.max(1, Math.ceil((windowStart + 60_000 - t) / 1000)));
    return options.flavour === 'football-data'
      ? { 'X-Requests-Available-Minute': String(left), 'X-RequestCounter-Reset': reset }
      : {
          'x-ratelimit-requests-limit': String(perDay),
          'x-ratelimit-requests-remaining': String(Math.max(0, perDay - day)),
          'X-RateLimit-Limit': String(peer.perMinute),
          'X-RateLimit-Remaining': String(left),
        };
  };

  const server = createServer((req, res) => {
    const t = now();
    const url = new URL(req.url ?? '/', 'http://peer');
    const path = `${url.pathname}${url.search}`;
    if (t - windowStart >= 60_000) {
      windowStart = t;
      used = 0;
    }
    day++;
    const send = (reply: Reply, refused: boolean): void => {
      const status = reply.status ?? 200;
      const request = { at: t, url: path, status, refused };
      requests.push(request);
      options.onRequest?.(request);
      // The peer's own count is the budget: a recorded answer's budget headers (what was left of the recording
      // account's minute) give way to it, whatever their case.
      const own = budgetHeaders(t);
      const ownNames = new Set(Object.keys(own).map((name) => name.toLowerCase()));
      const recorded = Object.entries(reply.headers ?? {}).filter(
        ([name]) => !ownNames.has(name.toLowerCase()),
      );
      const headers = { 'content-type': 'application/json', ...Object.fromEntries(recorded), ...own };
      const write = () => res.writeHead(status, headers).end(reply.body ?? '');
      if (reply.delayMs) setTimeout(write, reply.delayMs).unref();
      else write();
    };
    if (used >= peer.perMinute) {
      send(refusal(Math.max(1, Math.ceil((windowStart + 60_000 - t) / 1000)), url), true);
      return;
    }
    used++;
    Promise.resolve(options.answer(url)).then(
      (reply) => send(reply ?? { status: 404, body: '{"message":"not found"}' }, false),
      (error: unknown) => send({ status: 500, body: JSON.stringify({ message: String(error) }) }, false),
    );
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  peer.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

function defaultRefusal(
  flavour: PeerFlavour,
  perMinute: () => number,
): (secondsLeft: number, url: URL) => Reply {
  if (flavour === 'football-data') {
    return (seconds) => ({
      status: 429,
      headers: { 'Retry-After': String(seconds) },
      body: JSON.stringify({
        message: `You reached your request limit. Wait ${seconds} seconds.`,
        errorCode: 429,
      }),
    });
  }
  return (_seconds, url) => ({
    body: JSON.stringify({
      get: url.pathname.replace(/^\//, ''),
      parameters: Object.fromEntries(url.searchParams),
      errors: { rateLimit: `Too many requests. Your rate limit is ${perMinute()} requests per minute.` },
      results: 0,
      paging: { current: 1, total: 1 },
      response: [],
    }),
  });
}
