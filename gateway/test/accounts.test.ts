import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSessionSchema, AuthUserSchema, type PasswordPolicy } from '@pitchside/shared/auth';
import { deriveTokenKey } from '../src/auth/token-service.ts';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { testDatabase, type TestDatabase } from '@pitchside/test-support/database';
import { startGateway, TEST_AUTH_SECRET, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startTestSmtp, type TestSmtp } from '@pitchside/test-support/smtp';

const POLICY: PasswordPolicy = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: true,
  requireNonAlphanumeric: false,
};
const PASSWORD = 'correct-horse-1';
const email = () => `fan-${randomUUID().slice(0, 8)}@example.com`;

describe('accounts over HTTP (real gateway, PostgreSQL, Redis, SMTP)', () => {
  let t: TestRedis;
  let database: TestDatabase;
  let smtp: TestSmtp;
  let gateway: TestGateway;
  let api: ApiClient;

  beforeAll(async () => {
    [t, database, smtp] = await Promise.all([testRedis(), testDatabase(), startTestSmtp()]);
    gateway = await startGateway(t, {
      db: database.db,
      auth: {
        smtpUrl: smtp.url,
        passwordPolicy: POLICY,
        throttle: { loginPerAccount: { limit: 3, windowS: 60 }, forgotPerAccount: { limit: 2, windowS: 60 } },
      },
    });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([database.cleanup(), smtp.close()]);
    await t.cleanup();
  });

  it('registers, signs in and reads the account; the verification mail confirms the address once', async () => {
    const address = email();
    const registered = await api.register(address.toUpperCase(), PASSWORD, {
      displayName: 'Ada',
      language: 'de',
    });
    expect(registered).toMatchObject({
      email: address,
      displayName: 'Ada',
      emailVerified: false,
      hasPassword: true,
      scope: [],
      isAnonymous: false,
      providerData: [{ providerId: 'password', email: address }],
      token: { token_type: 'Bearer', expires_in: 1800, refresh_expires_in: 2_592_000 },
    });
    const login = await api.login(address, PASSWORD);
    expect(login.uid).toBe(registered.uid);
    expect(Date.parse(login.metadata.lastSignInTime!)).toBeGreaterThanOrEqual(
      Date.parse(login.metadata.creationTime),
    );

    const account = await api.get('/account', login.token.access_token);
    expect(account.status).toBe(200);
    expect(account.headers.get('cache-control')).toBe('no-store');
    expect(AuthUserSchema.parse(account.body!.data)).toMatchObject({ uid: registered.uid, email: address });

    const mail = await smtp.waitForMail(address);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Pitchside');
    expect(mail.link).toMatch(new RegExp(`^${gateway.url}/de/account\\?verify=[\\w-]+$`));
    const token = new URL(mail.link!).searchParams.get('verify')!;
    expect((await api.post('/auth/verify-email', { token })).status).toBe(204);
    expect(
      (await api.get<{ emailVerified: boolean }>('/account', login.token.access_token)).body!.data!
        .emailVerified,
    ).toBe(true);
    const again = await api.post('/auth/verify-email', { token });
    expect([again.status, again.body!.error!.code]).toEqual([400, 'auth:expired-action-code']);
  });

  it('answers a wrong password and an unknown address with the same 401', async () => {
    const address = email();
    await api.register(address, PASSWORD);
    const wrong = await api.post('/auth/login', { email: address, password: 'wrong-password-1' });
    const unknown = await api.post('/auth/login', { email: email(), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body!.error!.code).toBe('auth:invalid-credential');
  });

  it('refuses bad bodies with 400 and the field errors', async () => {
    const res = await api.post('/auth/login', { email: 'not-an-address', password: '' });
    expect(res.status).toBe(400);
    expect(res.body!.error!.code).toBe('request:invalid');
    expect(res.body!.error!.issues!.map((i) => [i.path, i.code]).sort()).toEqual([
      ['email', 'invalid_format'],
      ['password', 'too_small'],
    ]);
    const notJson = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(notJson.status).toBe(400);
    const extra = await api.call('PATCH', '/account', {
      body: { displayName: 'x', admin: true },
      token: (await api.register(email(), PASSWORD)).token.access_token,
    });
    expect(extra.status).toBe(400);
    expect(extra.body!.error!.issues![0]!.code).toBe('unrecognized_keys');
  });

  it('applies the configured password policy and tells the form which rules fail', async () => {
    expect((await api.get('/auth/password-policy')).body!.data).toEqual(POLICY);
    const res = await api.post('/auth/register', { email: email(), password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body!.error!.code).toBe('auth:weak-password');
    expect(res.body!.error!.issues!.map((i) => [i.path, i.code])).toEqual([
      ['password', 'password:too-short'],
      ['password', 'password:needs-digit'],
    ]);
  });

  it('throttles failed logins per account with 429 and Retry-After, existing or not, right password or not', async () => {
    const address = email();
    await api.register(address, PASSWORD);
    for (const target of [address, email()]) {
      for (let i = 0; i < 3; i++) {
        expect((await api.post('/auth/login', { email: target, password: 'wrong-password-1' })).status).toBe(
          401,
        );
      }
      const blocked = await api.post('/auth/login', { email: target, password: PASSWORD });
      expect([blocked.status, blocked.body!.error!.code]).toEqual([429, 'auth:too-many-requests']);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('rotates refresh tokens, and a spent one coming back ends the whole family', async () => {
    const address = email();
    const first = await api.register(address, PASSWORD);
    const rotated = await api.post<{ token: { access_token: string; refresh_token: string } }>(
      '/auth/refresh-token',
      {
        refresh_token: first.token.refresh_token,
      },
    );
    expect(rotated.status).toBe(200);
    const second = rotated.body!.data!.token;
    expect(second.refresh_token).not.toBe(first.token.refresh_token);
    expect((await api.get('/account', second.access_token)).status).toBe(200);

    // The first refresh token is replayed (stolen?): refused, and the newer tokens die with it.
    const replay = await api.post('/auth/refresh-token', { refresh_token: first.token.refresh_token });
    expect([replay.status, replay.body!.error!.code]).toEqual([401, 'auth:refresh-invalid']);
    const newer = await api.post('/auth/refresh-token', { refresh_token: second.refresh_token });
    expect([newer.status, newer.body!.error!.code]).toEqual([401, 'auth:refresh-invalid']);
    const access = await api.get('/account', second.access_token);
    expect([access.status, access.body!.error!.code]).toEqual([401, 'auth:session-revoked']);
    const audited = await database.db.query<{ event: string }>(
      `SELECT event FROM audit_log WHERE user_id = $1 AND event = 'session.refresh-reuse'`,
      [first.uid],
    );
    expect(audited).toHaveLength(1);
    // Another sign-in of the same user is untouched.
    const other = await api.login(address, PASSWORD);
    expect((await api.get('/account', other.token.access_token)).status).toBe(200);
  });

  describe('refuses every access token that is not one of ours, unexpired, for this audience', () => {
    let claims: { sub: string; sid: string };
    let good: string;
    let refresh: string;
    const key = deriveTokenKey(TEST_AUTH_SECRET, 'access');
    const forge = (edit: (jwt: SignJWT) => SignJWT, signWith = key, typ = 'at+jwt') =>
      edit(
        new SignJWT({ sid: claims.sid, scope: '' })
          .setProtectedHeader({ alg: 'HS256', typ })
          .setSubject(claims.sub)
          .setJti(randomUUID())
          .setIssuedAt(),
      ).sign(signWith);
    const valid = (jwt: SignJWT) =>
      jwt.setIssuer('pitchside').setAudience('pitchside-web').setExpirationTime('10m');

    beforeAll(async () => {
      const login = await api.register(email(), PASSWORD);
      good = login.token.access_token;
      refresh = login.token.refresh_token;
      claims = decodeJwt(good) as { sub: string; sid: string };
    });

    it('accepts the control: a token forged with the right key and claims passes', async () => {
      expect((await api.get('/account', await forge(valid))).status).toBe(200);
    });

    it.each([
      [
        'alg none',
        async () =>
          new UnsecuredJWT({ sid: claims.sid, scope: '' })
            .setSubject(claims.sub)
            .setIssuer('pitchside')
            .setAudience('pitchside-web')
            .setJti('x')
            .setIssuedAt()
            .setExpirationTime('10m')
            .encode(),
        'auth:token-invalid',
      ],
      [
        'a wrong audience',
        async () =>
          forge((j) => j.setIssuer('pitchside').setAudience('someone-else').setExpirationTime('10m')),
        'auth:token-invalid',
      ],
      [
        'a wrong issuer',
        async () => forge((j) => j.setIssuer('evil').setAudience('pitchside-web').setExpirationTime('10m')),
        'auth:token-invalid',
      ],
      [
        'an expired token',
        async () =>
          forge((j) =>
            j
              .setIssuer('pitchside')
              .setAudience('pitchside-web')
              .setExpirationTime(Math.floor(Date.now() / 1000) - 5),
          ),
        'auth:token-expired',
      ],
      ['a refresh token', async () => refresh, 'auth:token-invalid'],
      [
        'a refresh-typed token under the access key',
        async () => forge(valid, key, 'rt+jwt'),
        'auth:token-invalid',
      ],
      [
        'a token signed with another secret',
        async () => forge(valid, deriveTokenKey('another-secret-another-secret-another-secret', 'access')),
        'auth:token-invalid',
      ],
      [
        'a tampered signature',
        async () => `${good.slice(0, -4)}${good.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
        'auth:token-invalid',
      ],
      [
        'a tampered payload',
        async () => {
          const [h, , s] = good.split('.');
          const payload = Buffer.from(JSON.stringify({ ...decodeJwt(good), scope: 'admin' })).toString(
            'base64url',
          );
          return `${h}.${payload}.${s}`;
        },
        'auth:token-invalid',
      ],
    ])('refuses %s with 401', async (_name, token, code) => {
      const res = await api.get('/account', await token());
      expect([res.status, res.body!.error!.code]).toEqual([401, code]);
    });

    it('asks for a token when there is none', async () => {
      const res = await api.get('/account');
      expect([res.status, res.body!.error!.code]).toEqual([401, 'auth:unauthenticated']);
    });
  });

  it('logout ends the session at once, access token included; logout-all ends every session', async () => {
    const address = email();
    const a = await api.register(address, PASSWORD);
    const b = await api.login(address, PASSWORD);
    const c = await api.login(address, PASSWORD);
    expect((await api.post('/auth/logout', undefined, a.token.access_token)).status).toBe(204);
    expect((await api.get('/account', a.token.access_token)).body!.error!.code).toBe('auth:session-revoked');
    expect((await api.post('/auth/refresh-token', { refresh_token: a.token.refresh_token })).status).toBe(
      401,
    );
    expect((await api.get('/account', b.token.access_token)).status).toBe(200);

    expect((await api.post('/auth/logout-all', undefined, b.token.access_token)).status).toBe(204);
    for (const session of [b, c]) {
      expect((await api.get('/account', session.token.access_token)).status).toBe(401);
      expect(
        (await api.post('/auth/refresh-token', { refresh_token: session.token.refresh_token })).status,
      ).toBe(401);
    }
    // Signing in again works.
    expect((await api.login(address, PASSWORD)).uid).toBe(a.uid);
  });

  it('lists the sessions and revokes one of them', async () => {
    const address = email();
    const phone = apiClient(gateway.url, { userAgent: 'Phone/1.0' });
    const laptop = apiClient(gateway.url, { userAgent: 'Laptop/2.0' });
    const onPhone = await phone.register(address, PASSWORD);
    const onLaptop = await laptop.login(address, PASSWORD);

    const listed = await laptop.get<unknown[]>('/account/sessions', onLaptop.token.access_token);
    const sessions = AccountSessionSchema.array().parse(listed.body!.data);
    expect(sessions.map((s) => [s.userAgent, s.current, s.provider]).sort()).toEqual([
      ['Laptop/2.0', true, 'password'],
      ['Phone/1.0', false, 'password'],
    ]);
    expect(sessions[0]!.ip).toMatch(/127\.0\.0\.1/);
    const phoneSession = sessions.find((s) => !s.current)!;

    expect(
      (
        await laptop.call('DELETE', `/account/sessions/${phoneSession.id}`, {
          token: onLaptop.token.access_token,
        })
      ).status,
    ).toBe(204);
    expect((await phone.get('/account', onPhone.token.access_token)).status).toBe(401);
    expect(
      (await phone.post('/auth/refresh-token', { refresh_token: onPhone.token.refresh_token })).status,
    ).toBe(401);
    const left = await laptop.get<{ id: string }[]>('/account/sessions', onLaptop.token.access_token);
    expect(left.body!.data!.map((s) => s.id)).not.toContain(phoneSession.id);

    // Someone else's session, or none, is not found.
    const stranger = await api.register(email(), PASSWORD);
    const foreign = await api.call('DELETE', `/account/sessions/${sessions.find((s) => s.current)!.id}`, {
      token: stranger.token.access_token,
    });
    expect(foreign.status).toBe(404);
    expect((await laptop.get('/account', onLaptop.token.access_token)).status).toBe(200);
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const address = email();
    const here = await api.register(address, PASSWORD);
    const elsewhere = await api.login(address, PASSWORD);
    const wrong = await api.post(
      '/account/password',
      { currentPassword: 'nope-nope-1', newPassword: 'new-secret-2' },
      here.token.access_token,
    );
    expect([wrong.status, wrong.body!.error!.code]).toEqual([403, 'auth:wrong-password']);
    const weak = await api.post(
      '/account/password',
      { currentPassword: PASSWORD, newPassword: 'weakling' },
      here.token.access_token,
    );
    expect([weak.status, weak.body!.error!.issues![0]]).toMatchObject([
      400,
      { path: 'newPassword', code: 'password:needs-digit' },
    ]);

    const ok = await api.post(
      '/account/password',
      { currentPassword: PASSWORD, newPassword: 'new-secret-2' },
      here.token.access_token,
    );
    expect(ok.status).toBe(204);
    expect((await api.get('/account', here.token.access_token)).status).toBe(200);
    expect((await api.get('/account', elsewhere.token.access_token)).status).toBe(401);
    expect(
      (await api.post('/auth/refresh-token', { refresh_token: elsewhere.token.refresh_token })).status,
    ).toBe(401);
    expect((await api.post('/auth/login', { email: address, password: PASSWORD })).status).toBe(401);
    expect((await api.login(address, 'new-secret-2')).uid).toBe(here.uid);
  });

  it('resets a forgotten password from the mailed link: old sessions end, the link works once', async () => {
    const address = email();
    const before = await api.register(address, PASSWORD);
    const nobody = await api.post('/auth/forgot-password', { email: email(), language: 'fr' });
    const somebody = await api.post('/auth/forgot-password', { email: address, language: 'fr' });
    expect([nobody.status, somebody.status]).toEqual([202, 202]);
    expect(nobody.body).toEqual(somebody.body);

    const mail = await smtp.waitForMail(address, {
      where: (m) => m.link?.includes('reset-password') ?? false,
    });
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Pitchside');
    expect(mail.link).toMatch(new RegExp(`^${gateway.url}/fr/auth/reset-password\\?token=[\\w-]+$`));
    const token = new URL(mail.link!).searchParams.get('token')!;

    const weak = await api.post('/auth/reset-password', { token, password: 'no-digits' });
    expect(weak.body!.error!.code).toBe('auth:weak-password');
    expect((await api.post('/auth/reset-password', { token, password: 'brand-new-3' })).status).toBe(204);
    expect((await api.get('/account', before.token.access_token)).status).toBe(401);
    expect(
      (await api.post('/auth/refresh-token', { refresh_token: before.token.refresh_token })).status,
    ).toBe(401);
    expect((await api.post('/auth/login', { email: address, password: PASSWORD })).status).toBe(401);
    const after = await api.login(address, 'brand-new-3');
    // Following the mailed link proved the address.
    expect(after.emailVerified).toBe(true);

    const reused = await api.post('/auth/reset-password', { token, password: 'another-one-4' });
    expect([reused.status, reused.body!.error!.code]).toEqual([400, 'auth:expired-action-code']);
    // The outbox recorded both mails, marked sent once the SMTP server took them; nobody's address got nothing.
    const outbox = async () =>
      (
        await database.db.query<{ kind: string; sent_at: Date | null }>(
          `SELECT kind, sent_at FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`,
          [address],
        )
      ).map((m) => [m.kind, m.sent_at !== null]);
    await expect.poll(outbox).toEqual([
      ['verify-email', true],
      ['reset-password', true],
    ]);
  });

  it('throttles forgot-password per account, without telling whether it exists', async () => {
    const existing = email();
    await api.register(existing, PASSWORD);
    for (const target of [existing, email()]) {
      expect((await api.post('/auth/forgot-password', { email: target })).status).toBe(202);
      expect((await api.post('/auth/forgot-password', { email: target })).status).toBe(202);
      const third = await api.post('/auth/forgot-password', { email: target });
      expect([third.status, third.body!.error!.code]).toEqual([429, 'auth:too-many-requests']);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a burst of parallel forgot-password requests for one account mails no more than the limit', async () => {
    const target = email();
    await api.register(target, PASSWORD);
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async () => (await api.post('/auth/forgot-password', { email: target })).status,
      ),
    );
    expect(statuses.filter((s) => s === 202)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  });

  it('a reset link expires', async () => {
    // A second gateway on the same database and Redis, with one-second links.
    const quick = await startGateway(t, {
      db: database.db,
      auth: { smtpUrl: smtp.url, passwordPolicy: POLICY, resetTokenTtlS: 1 },
    });
    try {
      const client = apiClient(quick.url);
      const address = email();
      await client.register(address, PASSWORD);
      await client.post('/auth/forgot-password', { email: address });
      const mail = await smtp.waitForMail(address, {
        where: (m) => m.link?.includes('reset-password') ?? false,
      });
      await new Promise((r) => setTimeout(r, 1500));
      const res = await client.post('/auth/reset-password', {
        token: new URL(mail.link!).searchParams.get('token'),
        password: 'too-late-5',
      });
      expect([res.status, res.body!.error!.code]).toEqual([400, 'auth:expired-action-code']);
      expect((await client.login(address, PASSWORD)).email).toBe(address);
    } finally {
      await quick.close();
    }
  });

  it('deletes the account and everything of it; the audit log keeps no personal data', async () => {
    const address = email();
    const user = await api.register(address, PASSWORD, { displayName: 'Gone Soon' });
    await api.post('/auth/forgot-password', { email: address });
    await smtp.waitForMail(address, { where: (m) => m.link?.includes('reset-password') ?? false });
    const wrong = await api.call('DELETE', '/account', {
      body: { password: 'nope-nope-1' },
      token: user.token.access_token,
    });
    expect([wrong.status, wrong.body!.error!.code]).toEqual([403, 'auth:wrong-password']);
    const audited = (
      await database.db.query<{ id: string }>(`SELECT id::text FROM audit_log WHERE user_id = $1`, [user.uid])
    ).map((r) => r.id);
    expect(audited.length).toBeGreaterThan(0);

    expect(
      (await api.call('DELETE', '/account', { body: { password: PASSWORD }, token: user.token.access_token }))
        .status,
    ).toBe(204);
    expect((await api.get('/account', user.token.access_token)).status).toBe(401);
    expect((await api.post('/auth/login', { email: address, password: PASSWORD })).status).toBe(401);
    for (const [table, column] of [
      ['users', 'id'],
      ['identities', 'user_id'],
      ['sessions', 'user_id'],
      ['action_tokens', 'user_id'],
      ['mail_outbox', 'user_id'],
      ['audit_log', 'user_id'],
    ]) {
      const rows = await database.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [user.uid]);
      expect(rows, table).toHaveLength(0);
    }
    expect(await database.db.query(`SELECT 1 FROM mail_outbox WHERE recipient = $1`, [address])).toHaveLength(
      0,
    );
    // Its audit rows stay (what happened, when) but say no more who, from where or with what.
    const left = await database.db.query(
      `SELECT event, user_id, session_id, ip, user_agent, detail FROM audit_log WHERE id = ANY($1::bigint[])`,
      [audited],
    );
    expect(left).toHaveLength(audited.length);
    for (const row of left) {
      expect(row).toMatchObject({ user_id: null, session_id: null, ip: null, user_agent: null, detail: {} });
    }
    // The address may register again, as a new account.
    expect((await api.register(address, PASSWORD)).uid).not.toBe(user.uid);
  });

  it('keeps the admin area to users with the admin scope', async () => {
    const fan = await api.register(email(), PASSWORD);
    expect((await api.get('/admin/users')).status).toBe(401);
    const forbidden = await api.get('/admin/users', fan.token.access_token);
    expect([forbidden.status, forbidden.body!.error!.code]).toEqual([403, 'auth:forbidden']);
    const adminLogin = await api.post('/admin/login', { email: fan.email, password: PASSWORD });
    expect([adminLogin.status, adminLogin.body!.error!.code]).toEqual([403, 'auth:forbidden']);
  });
});
