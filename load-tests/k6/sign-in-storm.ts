/**
 * Sign-in storm: everyone signs in at once (the minutes before a big kick-off, or after a deploy that ended
 * every session). POST /api/auth/login per shared/src/auth/schemas.ts (`{ email, password }` → 200 with the
 * user in `data` and the tokens at `data.token`; a wrong password → 401 `auth:invalid-credential`), a few
 * wrong passwords among them, and some sessions refreshed straight after (POST /api/auth/refresh-token).
 *
 *   k6 run -e BASE_URL=https://staging.example -e ACCOUNTS=500 -e PEAK_RPS=200 load-tests/k6/sign-in-storm.ts
 *
 * setup() registers ACCOUNTS accounts (POST /api/auth/register) named k6-<RUN>-<n>@<EMAIL_DOMAIN> with
 * PASSWORD; an account that exists already (409) is used as it is, so a second run with the same RUN reuses
 * them. Register and login limits are per client address: run the storm from several load generators, or
 * raise the gateway's limits for the test, or the throttled share (pitchside_login_throttled) is the result.
 *
 * Env: BASE_URL, ACCOUNTS (200), PEAK_RPS (100 logins/s), RAMP_SECONDS (10), HOLD (1m), PASSWORD,
 * EMAIL_DOMAIN (example.test), RUN (a run id; default the start time), WRONG_SHARE (0.05), REFRESH_SHARE (0.2).
 */
import http from 'k6/http';
import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { BASE_URL, duration, num, str } from './lib/config.ts';

const ACCOUNTS = num('ACCOUNTS', 200);
const PEAK_RPS = num('PEAK_RPS', 100);
const PASSWORD = str('PASSWORD', 'Storm-k6-password-1');
const DOMAIN = str('EMAIL_DOMAIN', 'example.test');
const RUN = str('RUN', String(Date.now()));
const WRONG_SHARE = num('WRONG_SHARE', 0.05);
const REFRESH_SHARE = num('REFRESH_SHARE', 0.2);

const loginOk = new Rate('pitchside_login_ok');
const loginMs = new Trend('pitchside_login_ms', true);
const wrongRefused = new Rate('pitchside_wrong_password_refused');
const refreshOk = new Rate('pitchside_refresh_ok');
const throttled = new Counter('pitchside_login_throttled');

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
    'http_req_failed{name:login}': ['rate<0.05'], // wrong passwords are expected 401s
  },
};

const json = { headers: { 'Content-Type': 'application/json', Accept: 'application/json' } };
const emailOf = (n: number) => `k6-${RUN}-${n}@${DOMAIN}`;

export function setup(): { accounts: number } {
  let ready = 0;
  for (let n = 0; n < ACCOUNTS; n++) {
    const res = http.post(
      `${BASE_URL}/api/auth/register`,
      JSON.stringify({ email: emailOf(n), password: PASSWORD, displayName: `k6 ${n}`, language: 'en' }),
      { ...json, tags: { name: 'register' } },
    );
    if (res.status === 201 || res.status === 409) ready++;
    else if (res.status === 429)
      throw new Error('register was rate-limited: raise the limit for the test or lower ACCOUNTS');
  }
  if (ready === 0) throw new Error(`no account could be registered at ${BASE_URL}/api/auth/register`);
  return { accounts: ready };
}

interface LoginAnswer {
  data?: { uid?: string; email?: string; token?: { access_token?: string; refresh_token?: string } };
  error?: { code?: string };
}

export default function (world: { accounts: number }): void {
  const n = Math.floor(Math.random() * world.accounts);
  const wrong = Math.random() < WRONG_SHARE;
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email: emailOf(n), password: wrong ? `${PASSWORD}-nope` : PASSWORD }),
    { ...json, tags: { name: 'login' }, responseCallback: http.expectedStatuses(200, 401) },
  );
  if (res.status === 429) {
    throttled.add(1);
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
      body?.data?.email === emailOf(n) && !!token?.access_token && !!token.refresh_token,
  });
  loginOk.add(ok);
  if (!ok || Math.random() >= REFRESH_SHARE) return;
  const refreshed = http.post(
    `${BASE_URL}/api/auth/refresh-token`,
    JSON.stringify({ refresh_token: token!.refresh_token }),
    { ...json, tags: { name: 'refresh' } },
  );
  refreshOk.add(refreshed.status === 200 && !!(refreshed.json('data.token.access_token') as string | null));
}
