/**
 * REST browsing mix: what the pages' loaders and the browser read from /api on a match day, at a fixed
 * arrival rate of page views (visitors do not slow down when the site does). Each VU keeps the ETags it was
 * given and revalidates with If-None-Match, as a browser does, so 304s count. A competition without a table
 * (a cup, most basketball) answers its standings with 404 `competition:not-found`, which the league page shows
 * as "no table": that answer is right, any other 404 is not.
 *
 *   k6 run -e BASE_URL=https://staging.example -e RATE=500 load-tests/k6/browse.ts
 *
 * Env: BASE_URL, RATE (100 page views/s; a home view makes 3 requests, the others 1: about 1.7 requests per
 * view), DURATION (5m), TZ (Europe/Berlin: the visitors' time zone), ADDRESSES (lib/config.ts).
 */
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { Rate } from 'k6/metrics';
import type { Options } from 'k6/options';
import { BASE_URL, duration, num, str, visitorHeaders } from './lib/config.ts';

const RATE = num('RATE', 100);
const TZ = str('TZ', 'Europe/Berlin');

const notModified = new Rate('pitchside_not_modified');
const noTable = new Rate('pitchside_standings_no_table');

export const options: Options = {
  scenarios: {
    browse: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: duration('DURATION', '5m'),
      preAllocatedVUs: Math.max(10, Math.round(RATE / 2)),
      maxVUs: Math.max(50, RATE * 4),
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{page:home}': ['p(95)<200', 'p(99)<500'],
    'http_req_duration{page:fixtures}': ['p(95)<200', 'p(99)<500'],
    'http_req_duration{page:match}': ['p(95)<150', 'p(99)<400'],
    'http_req_duration{page:standings}': ['p(95)<150', 'p(99)<400'],
    checks: ['rate>0.99'],
  },
};

interface World {
  matchIds: string[];
  competitionIds: string[];
}

/** Ids to browse: today's matches and the competitions, read once before the run. */
export function setup(): World {
  const today = new Date().toISOString().slice(0, 10);
  const matches = http.get(`${BASE_URL}/api/matches?date=${today}&tz=${encodeURIComponent(TZ)}`);
  const competitions = http.get(`${BASE_URL}/api/competitions`);
  const ids = (
    res: RefinedResponse<ResponseType | undefined>,
    pick: (e: Record<string, unknown>) => unknown,
  ) =>
    res.status === 200
      ? ((res.json('data') as Record<string, unknown>[] | null) ?? []).map((e) => String(pick(e)))
      : [];
  const world = {
    matchIds: ids(matches, (e) => (e.match as { id: string }).id),
    competitionIds: ids(competitions, (e) => e.id),
  };
  if (world.matchIds.length === 0) throw new Error(`no matches today at ${BASE_URL}: is ingest running?`);
  return world;
}

/** ETags this VU was given, by URL. */
const etags = new Map<string, string>();

/** What a page may answer besides 200 and 304: the standings' "no table". */
const NO_TABLE = (r: RefinedResponse<ResponseType | undefined>) =>
  r.status === 404 && r.json('error.code') === 'competition:not-found';

function get(path: string, page: string): void {
  const url = `${BASE_URL}${path}`;
  const etag = etags.get(url);
  const res = http.get(url, {
    headers: { ...visitorHeaders(exec.vu.idInTest), ...(etag ? { 'If-None-Match': etag } : {}) },
    tags: { page, name: page },
    responseCallback: http.expectedStatuses(200, 304, ...(page === 'standings' ? [404] : [])),
  });
  const fresh = res.status === 304;
  notModified.add(fresh, { page });
  const answered = (r: typeof res) => r.status === 200 || r.status === 304;
  if (page === 'standings') {
    noTable.add(res.status === 404);
    check(res, { 'standings: 200, 304 or no table': (r) => answered(r) || NO_TABLE(r) });
  } else {
    check(res, { [`${page}: 200 or 304`]: answered });
  }
  const next = res.headers.Etag ?? res.headers.ETag;
  if (next) etags.set(url, next);
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export default function (world: World): void {
  const roll = Math.random();
  if (roll < 0.35) {
    // Home: hot matches, what is live, the news.
    get('/api/matches/hot?limit=10', 'home');
    get('/api/matches/live', 'home');
    get('/api/news', 'home');
  } else if (roll < 0.6) {
    const day = new Date(Date.now() + (Math.floor(Math.random() * 3) - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    get(`/api/matches?date=${day}&tz=${encodeURIComponent(TZ)}`, 'fixtures');
  } else if (roll < 0.9) {
    const id = pick(world.matchIds);
    if (id) get(`/api/matches/${id}`, 'match');
  } else {
    const id = pick(world.competitionIds);
    if (id) get(`/api/competitions/${id}/standings`, 'standings');
  }
}
