import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '@pitchside/gateway/app';
import { apiClient } from '@pitchside/test-support/auth-api';
import { testDatabase, type TestDatabase } from '@pitchside/test-support/database';
import { TEST_AUTH_SECRET } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { WEB_DIST } from '@pitchside/test-support/stack';

const SECRET_PASSWORD = `Hunter-${randomUUID().slice(0, 8)}-7`;

/**
 * Issue 17 §2: a password never reaches a URL or a log. The pages as the gateway renders them, before any
 * script runs (as with scripts off): every form with a password field posts. And the gateway's log, through
 * sign-ins, registrations, resets and malformed bodies, never holds a password.
 */
describe('password forms and the log', () => {
  let t: TestRedis;
  let database: TestDatabase;
  let app: App;
  let url: string;
  const lines: string[] = [];

  beforeAll(async () => {
    [t, database] = await Promise.all([testRedis(), testDatabase()]);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await createApp(
      {
        redis: t.connect(),
        subscriber: t.connect(),
        keys: t.keys,
        db: database.db,
        logger: pino({ level: 'debug' }, sink),
      },
      { webDist: WEB_DIST, auth: { secret: TEST_AUTH_SECRET } },
    );
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    await t?.cleanup();
  });

  /** The `<form …>` opening tags of a page's server-rendered HTML that enclose a password field. */
  async function passwordForms(path: string): Promise<string[]> {
    const res = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } });
    expect(res.status, path).toBe(200);
    const html = await res.text();
    return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
      .map((m) => m[0])
      .filter((form) => /<input\b[^>]*type="password"/.test(form))
      .map((form) => /^<form\b[^>]*>/.exec(form)![0]);
  }

  it.each([
    ['sign-in', '/en/login'],
    ['register', '/en/register'],
    ['new password from the reset link', '/de/auth/reset-password?token=abc'],
    ['operators’ sign-in', '/en/cms/login'],
  ])('the %s page’s password form posts, before any script runs', async (_name, path) => {
    const forms = await passwordForms(path);
    expect(forms.length, path).toBeGreaterThan(0);
    for (const form of forms) expect(form, path).toMatch(/\smethod="post"/i);
  });

  it('the forgot-password page has no password field to leak', async () => {
    expect(await passwordForms('/en/reset')).toEqual([]);
  });

  it('never logs a password, whatever the request', async () => {
    const api = apiClient(url);
    const email = `fan-${randomUUID().slice(0, 8)}@example.com`;
    await api.register(email, SECRET_PASSWORD);
    await api.post('/auth/login', { email, password: `${SECRET_PASSWORD}x` });
    await api.post('/auth/register', { email, password: SECRET_PASSWORD });
    await api.post('/auth/reset-password', { token: 'not-a-token', password: SECRET_PASSWORD });
    // A body that is not JSON, a password in a query string, a form post to a page.
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":"${email}","password":${SECRET_PASSWORD}}`,
    });
    await fetch(`${url}/api/auth/login?password=${SECRET_PASSWORD}`, { method: 'POST' });
    await fetch(`${url}/en/login?email=${email}&password=${SECRET_PASSWORD}`);
    await fetch(`${url}/en/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${encodeURIComponent(email)}&password=${SECRET_PASSWORD}`,
    });
    await expect.poll(() => lines.filter((l) => l.includes('request finished')).length).toBeGreaterThan(8);
    expect(lines.filter((l) => l.includes(SECRET_PASSWORD))).toEqual([]);
  });
});
