import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { readOutbox, testDatabase, type TestDatabase } from '@pitchside/test-support/database';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startTestSmtp, type TestSmtp } from '@pitchside/test-support/smtp';

const PASSWORD = 'correct-horse-1';
const email = () => `fan-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Issue 17 §2 (ASVS 6.3, 2.3): registration answers the same for a new and a taken address (the owner of a
 * taken one gets a mail instead of the visitor a 409), and it is throttled per address and over the site.
 */
describe('registration (real gateway, PostgreSQL, Redis, SMTP)', () => {
  let t: TestRedis;
  let database: TestDatabase;
  let smtp: TestSmtp;
  let gateway: TestGateway;
  let api: ApiClient;

  const register = async (address: string, from: string, password = PASSWORD) => {
    const res = await api.call('POST', '/auth/register', {
      body: { email: address, password, language: 'de' },
      headers: { 'x-forwarded-for': from },
    });
    return { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') };
  };

  beforeAll(async () => {
    [t, database, smtp] = await Promise.all([testRedis(), testDatabase(), startTestSmtp()]);
    gateway = await startGateway(t, {
      db: database.db,
      trustProxy: true,
      auth: {
        smtpUrl: smtp.url,
        throttle: {
          registerPerIp: { limit: 3, windowS: 3600 },
          registerOverall: { limit: 12, windowS: 3600 },
        },
      },
    });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([database.cleanup(), smtp.close()]);
    await t.cleanup();
  });

  it('answers a taken address exactly as a new one, and mails its owner instead', async () => {
    const taken = email();
    const first = await register(taken, '192.0.2.1');
    expect(first.status).toBe(202);
    const again = await register(taken.toUpperCase(), '192.0.2.2', 'another-horse-2');
    const fresh = await register(email(), '192.0.2.3');
    expect([again.status, again.body]).toEqual([202, { data: null }]);
    expect([fresh.status, fresh.body]).toEqual([202, { data: null }]);

    const notice = await smtp.waitForMail(taken, { where: (m) => m.subject.includes('Konto anlegen') });
    expect(notice.subject).toBe('Jemand wollte mit deiner Adresse ein Pitchside-Konto anlegen');
    expect(notice.link).toBe(`${gateway.url}/de/reset`);
    // The account is the owner's still: the first password signs in, the second does not.
    expect((await api.login(taken, PASSWORD)).email).toBe(taken);
    expect((await api.post('/auth/login', { email: taken, password: 'another-horse-2' })).status).toBe(401);
    const kinds = (await readOutbox(database.db)).filter((m) => m.recipient === taken).map((m) => m.kind);
    expect(kinds.sort()).toEqual(['register-existing', 'verify-email']);
  });

  it('throttles registrations per address and over the whole site, bursts included', async () => {
    const oneAddress = await Promise.all(Array.from({ length: 10 }, () => register(email(), '198.51.100.7')));
    expect(oneAddress.filter((r) => r.status === 202)).toHaveLength(3);
    const refused = oneAddress.filter((r) => r.status === 429);
    expect(refused).toHaveLength(7);
    expect(refused.every((r) => r.body?.error?.code === 'auth:too-many-requests')).toBe(true);
    expect(refused.every((r) => Number(r.retryAfter) > 0)).toBe(true);

    // Many addresses: the site's limit (12, three of them spent by the test above, three just now).
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(email(), `203.0.113.${i + 1}`)),
    );
    expect(many.filter((r) => r.status === 202)).toHaveLength(6);
    expect(many.filter((r) => r.status === 429)).toHaveLength(14);
  });
});
