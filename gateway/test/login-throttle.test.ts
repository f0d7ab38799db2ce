import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { testDatabase, type TestDatabase } from '@pitchside/test-support/database';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

const PASSWORD = 'correct-horse-1';
const WRONG = 'wrong-horse-1';
const email = () => `fan-${randomUUID().slice(0, 8)}@example.com`;
let nextAddress = 1;
/** A client address of the test's own (the gateway trusts X-Forwarded-For here, as behind a proxy). */
const address = () => `198.51.100.${nextAddress++}`;

/**
 * Issue 17 §2 (ASVS 6.3): sign-in attempts are reserved before the password is checked. Before, sixty
 * concurrent wrong passwords for one account were all checked against a limit of ten, and a burst with the
 * right password in it signed in.
 */
describe('sign-in throttling under a burst (real gateway, Redis, PostgreSQL)', () => {
  let t: TestRedis;
  let database: TestDatabase;
  let gateway: TestGateway;
  /** Another gateway on the same database and Redis, with lockouts short enough to wait for. */
  let quick: TestGateway;
  let api: ApiClient;

  const login = async (account: string, password: string, from: string, url = gateway.url) => {
    const res = await apiClient(url).call('POST', '/auth/login', {
      body: { email: account, password },
      headers: { 'x-forwarded-for': from },
    });
    return { status: res.status, code: res.body?.error?.code, retryAfter: res.headers.get('retry-after') };
  };
  const burst = (n: number, account: string, from: string, passwordAt = -1) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => login(account, i === passwordAt ? PASSWORD : WRONG, from)),
    );
  const count = (answers: { status: number }[], status: number) =>
    answers.filter((a) => a.status === status).length;

  beforeAll(async () => {
    [t, database] = await Promise.all([testRedis(), testDatabase()]);
    // The default limits: ten per account and address.
    gateway = await startGateway(t, { db: database.db, trustProxy: true });
    quick = await startGateway(t, {
      db: database.db,
      trustProxy: true,
      auth: { throttle: { loginPerAccountAndIp: { limit: 10, windowS: 900, lockS: 1, maxLockS: 4 } } },
    });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), quick.close()]);
    await database.cleanup();
    await t.cleanup();
  });

  it('checks at most ten of sixty concurrent wrong passwords; the right one after them is refused with Retry-After', async () => {
    const account = email();
    await api.register(account, PASSWORD);
    const from = address();
    const answers = await burst(60, account, from);
    console.warn(
      `[sign-in burst] 60 concurrent wrong passwords: ${count(answers, 401)} checked (401), ${count(answers, 429)} refused (429)`,
    );
    expect(count(answers, 401)).toBe(10);
    expect(count(answers, 429)).toBe(50);
    // The right password inside a second burst, the limit spent: refused like the rest, with Retry-After.
    const again = await burst(20, account, from, 7);
    expect(again.map((a) => a.status)).toEqual(Array(20).fill(429));
    expect(again.every((a) => a.code === 'auth:too-many-requests' && Number(a.retryAfter) > 0)).toBe(true);
    // The audit log saw ten failures, and no sign-in but the registration's own.
    const events = await database.db.query<{ event: string; n: number }>(
      `SELECT event, count(*)::int AS n FROM audit_log a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND event IN ('user.sign-in-failed', 'user.signed-in') GROUP BY event`,
      [account],
    );
    expect(events.sort((a, b) => a.event.localeCompare(b.event))).toEqual([
      { event: 'user.sign-in-failed', n: 10 },
      { event: 'user.signed-in', n: 1 },
    ]);
  }, 60_000);

  it('a stranger hammering an account locks only their own address out; the owner signs in from theirs', async () => {
    const account = email();
    await api.register(account, PASSWORD);
    const stranger = address();
    await burst(30, account, stranger);
    expect((await login(account, PASSWORD, stranger)).status).toBe(429);
    expect((await login(account, PASSWORD, address())).status).toBe(200);
  });

  it('lockouts grow: one attempt after each, then twice as long; the right password clears them', async () => {
    const account = email();
    await api.register(account, PASSWORD);
    const from = address();
    const wrong = () => login(account, WRONG, from, quick.url);
    expect(count(await burst(10, account, from), 401)).toBe(10);
    // The eleventh starts a lockout of a second.
    const first = await wrong();
    expect([first.status, first.retryAfter]).toEqual([429, '1']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // One attempt after the lockout, then a lockout twice as long.
    expect((await wrong()).status).toBe(401);
    const second = await wrong();
    expect([second.status, second.retryAfter]).toEqual([429, '2']);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await login(account, PASSWORD, from, quick.url)).status).toBe(200);
    // Signed in: this account and address start afresh, ten checks again.
    expect(count(await burst(10, account, from), 401)).toBe(10);
  });

  it('re-authentication on the account page shares the sign-in limit', async () => {
    const account = email();
    const session = await api.register(account, PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        api.call('DELETE', '/account', {
          body: { password: WRONG },
          token: session.token.access_token,
          headers: { 'x-forwarded-for': '203.0.113.9' },
        }),
      ),
    );
    expect(count(answers, 403)).toBe(10);
    expect(count(answers, 429)).toBe(20);
  });
});
