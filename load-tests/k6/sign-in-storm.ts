/**
 * Sign-in storm: everyone signs in at once (the minutes before a big kick-off, or after a deploy that ended
 * every session). POST /api/auth/login per shared/src/auth/schemas.ts (`{ email, password }` → 200 with the
 * user in `data` and the tokens at `data.token`; a wrong password → 401 `auth:invalid-credential`), a few
 * wrong passwords among them, and some sessions refreshed straight after (POST /api/auth/refresh-token).
 *
 *   k6 run -e BASE_URL=https://staging.example -e ACCOUNTS=500 -e PEAK_RPS=200 load-tests/k6/sign-in-storm.ts
 *
 * setup() registers ACCOUNTS accounts (POST /api/auth/register, answered 202 whether the address is new or
 * not) named k6-<RUN>-<n>@<EMAIL_DOMAIN> with PASSWORD, and checks that the first can sign in. Iteration i signs
 * in account i mod ACCOUNTS, from that account's own address (X-Forwarded-For, lib/config.ts): each account is
 * one fan on one device, signing in a few times at most. Against a deployment that does not trust the address
 * (or with ADDRESSES=off), every login comes from one address and the per-address limit throttles the storm:
 * the throttled share fails the run, as fans locked out would.
 *
 * Env: BASE_URL, ACCOUNTS (200; keep logins per account under ~10, so ACCOUNTS >= PEAK_RPS x seconds / 10),
 * PEAK_RPS (100 logins/s), RAMP_SECONDS (10), HOLD (1m), PASSWORD, EMAIL_DOMAIN (example.test), RUN (a run id,
 * chosen once in setup(); default the start time), WRONG_SHARE (0.05), REFRESH_SHARE (0.2), ADDRESSES.
 */
import http from 'k6/http';
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { BASE_URL, duration, num, str, visitorHeaders } from './lib/config.ts';

const ACCOUNTS = num('ACCOUNTS', 200);
const PEAK_RPS = num('PEAK_RPS', 100);
const PASSWORD = str('PASSWORD', 'Storm-k6-password-1');
const DOMAIN = str('EMAIL_DOMAIN', 'example.test');
const WRONG_SHARE = num('WRONG_SHARE', 0.05);
const REFRESH_SHARE = num('REFRESH_SHARE', 0.2);

const loginOk = new Rate('pitchside_login_ok');
const loginMs = new Trend('pitchside_login_ms', true);
const wrongRefused = new Rate('pitchside_wrong_password_refused');
const refreshOk = new Rate('pitchside_refresh_ok');
const throttled = new Rate('pitchside_login_throttled');
const refused = new Counter('pitchside_login_refused_other');

export const options: Options = {
  setupTimeout: '10m',
  scenarios: {
    storm: {
      executor: 'ramping-arrival-rate',
      startRate: 0,
      timeUnit: '1s',
      stages: [
        { duration: `${num('RAMP_SECONDS', 10)}s`, target: PEAK_RPS },
        { duration: duration('HOLD', '1m'), target: PEAK_RPS },
        { duration: '10s', target: 0 },
      ],
      preAllocatedVUs: Math.max(20, PEAK_RPS),
      maxVUs: Math.max(100, PEAK_RPS * 5),
    },
  },
  thresholds: {
    pitchside_login_ok: ['rate>0.99'],
    // Password hashing is deliberately slow (scrypt or argon2): a login costs tens of milliseconds of CPU.
    pitchside_login_ms: ['p(95)<500', 'p(99)<1500'],
    pitchside_wrong_password_refused: ['rate>0.99'],
    pitchside_refresh_ok: ['rate>0.99'],
    // Fans signing in from their own addresses are never throttled; a storm from one address is (ADDRESSES).
    pitchside_login_throttled: ['rate<0.01'],
    pitchside_login_refused_other: ['count==0'],
    'http_req_failed{name:login}': ['rate<0.05'], // wrong passwords are expected 401s
  },
};

interface World {
  run: string;
  accounts: number;
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };
/** Account n's request parameters: JSON, from its own address. */
const asFan = (n: number, name: string) => ({
  headers: { ...JSON_HEADERS, ...visitorHeaders(n + 1) },
  tags: { name },
});
const emailOf = (world: World, n: number) => `k6-${world.run}-${n}@${DOMAIN}`;

/** Registers the accounts once; the run id is chosen here, so every VU signs in to the same accounts. */
export function setup(): World {
  const world: World = { run: str('RUN', String(Date.now())), accounts: ACCOUNTS };
  for (let n = 0; n < ACCOUNTS; n++) {
    const res = http.post(
      `${BASE_URL}/api/auth/register`,
      JSON.stringify({
        email: emailOf(world, n),
        password: PASSWORD,
        displayName: `k6 ${n}`,
        language: 'en',
      }),
      asFan(n, 'register'),
    );
    if (res.status === 429)
      fail(`register was throttled after ${n} accounts: lower ACCOUNTS, or see ADDRESSES in lib/config.ts`);
    if (res.status !== 202) fail(`register answered ${res.status}: ${String(res.body).slice(0, 200)}`);
  }
  const first = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email: emailOf(world, 0), password: PASSWORD }),
    asFan(0, 'setup-login'),
  );
  if (first.status !== 200)
    fail(`a registered account cannot sign in: ${first.status} ${String(first.body)}`);
  return world;
}

interface LoginAnswer {
  data?: { uid?: string; email?: string; token?: { access_token?: string; refresh_token?: string } };
  error?: { code?: string };
}

export default function (world: World): void {
  const n = exec.scenario.iterationInTest % world.accounts;
  const wrong = Math.random() < WRONG_SHARE;
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email: emailOf(world, n), password: wrong ? `${PASSWORD}-nope` : PASSWORD }),
    { ...asFan(n, 'login'), responseCallback: http.expectedStatuses(200, 401) },
  );
  throttled.add(res.status === 429);
  if (res.status === 429) return;
  if (res.status !== 200 && res.status !== 401) {
    refused.add(1, { status: String(res.status) });
    return;
  }
  const body = (res.status === 200 || res.status === 401 ? res.json() : null) as LoginAnswer | null;
  if (wrong) {
    wrongRefused.add(res.status === 401 && body?.error?.code === 'auth:invalid-credential');
    return;
  }
  loginMs.add(res.timings.duration);
  const token = body?.data?.token;
  const ok = check(res, {
    'login is 200': (r) => r.status === 200,
    'login carries the user and both tokens': () =>
      body?.data?.email === emailOf(world, n) && !!token?.access_token && !!token.refresh_token,
  });
  loginOk.add(ok);
  if (!ok || Math.random() >= REFRESH_SHARE) return;
  const refreshed = http.post(
    `${BASE_URL}/api/auth/refresh-token`,
    JSON.stringify({ refresh_token: token!.refresh_token }),
    asFan(n, 'refresh'),
  );
  refreshOk.add(refreshed.status === 200 && !!(refreshed.json('data.token.access_token') as string | null));
}
