import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginDataSchema, type LoginData } from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { AuthRouteContext } from '../src/auth/auth-options.ts';
import type { SocialProfile } from '../src/auth/social/social-profile.ts';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

/**
 * The seam the social sign-in plugs into: a router given through `auth.routers` gets
 * `completeSocialSignIn`, exactly as the social routes do after a provider's callback. This one takes the
 * profile from the request body, so the test plays the provider.
 */
const profileRouter = (ctx: AuthRouteContext) =>
  Router()
    .use('/test-social', express.json())
    .post('/test-social', async (req, res) => {
      try {
        const data = await ctx.completeSocialSignIn(req.body as SocialProfile, {
          userAgent: 'Social/1.0',
          ip: req.ip ?? null,
        });
        res.json({ data });
      } catch (error) {
        if (!(error instanceof PitchsideError)) throw error;
        res.status(409).json({ error: error.toBody() });
      }
    });

const PASSWORD = 'correct-horse-1';
const email = () => `fan-${randomUUID().slice(0, 8)}@example.com`;
const profile = (over: Partial<SocialProfile> = {}): SocialProfile => ({
  provider: 'google',
  subject: randomUUID(),
  email: email(),
  emailVerified: true,
  displayName: 'Grace',
  photoURL: 'https://images.example/grace.png',
  ...over,
});

describe('social sign-in through the accounts seam, providers, the admin area', () => {
  let t: TestRedis;
  let gateway: TestGateway;
  let api: ApiClient;
  const social = async (p: SocialProfile) => {
    const res = await api.post<LoginData>('/auth/test-social', p);
    return {
      status: res.status,
      code: res.body?.error?.code,
      data: res.body?.data ? LoginDataSchema.parse(res.body.data) : null,
    };
  };

  beforeAll(async () => {
    t = await testRedis();
    gateway = await startGateway(t, {
      auth: {
        providers: [
          { id: 'google', name: 'Google' },
          { id: 'github', name: 'GitHub' },
        ],
        routers: [profileRouter],
        throttle: { loginPerIp: { limit: 4, windowS: 60 } },
      },
    });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await gateway.close();
    await t.cleanup();
  });

  it('lists the providers it was given, in order', async () => {
    expect((await api.get('/auth/providers')).body!.data).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'github', name: 'GitHub' },
    ]);
  });

  it('creates an account for a new identity, without a password, and finds it again', async () => {
    const p = profile({ emailVerified: false });
    const first = await social(p);
    expect(first.data).toMatchObject({
      email: p.email,
      emailVerified: false,
      hasPassword: false,
      displayName: 'Grace',
      providerData: [{ providerId: 'google', uid: p.subject, email: p.email }],
    });
    const again = await social({ ...p, displayName: 'Grace H.' });
    expect(again.data!.uid).toBe(first.data!.uid);
    expect(again.data!.providerData[0]!.displayName).toBe('Grace H.');
    const sessions = await api.get<{ provider: string }[]>(
      '/account/sessions',
      again.data!.token.access_token,
    );
    expect(sessions.body!.data!.map((s) => s.provider)).toEqual(['google', 'google']);
    // A password sign-in to a social-only account fails like any wrong password.
    expect((await api.post('/auth/login', { email: p.email, password: PASSWORD })).body!.error!.code).toBe(
      'auth:invalid-credential',
    );
  });

  it('links a provider-verified address to the existing account', async () => {
    const address = email();
    const registered = await api.register(address, PASSWORD);
    // The owner proves the address first (the verification mail goes to the outbox just after the answer).
    const outboxLink = async () => {
      const [mail] = await gateway.db.query<{ body_text: string }>(
        `SELECT body_text FROM mail_outbox WHERE recipient = $1`,
        [address],
      );
      return mail ? /https?:\/\/\S+/.exec(mail.body_text)![0] : null;
    };
    await expect.poll(outboxLink).not.toBeNull();
    const token = new URL((await outboxLink())!).searchParams.get('verify');
    expect((await api.post('/auth/verify-email', { token })).status).toBe(204);

    const linked = await social(profile({ provider: 'github', email: address.toUpperCase() }));
    expect(linked.data!.uid).toBe(registered.uid);
    expect(linked.data!.providerData.map((p) => p.providerId)).toEqual(['password', 'github']);
    // The password and its sessions keep working.
    expect((await api.get('/account', registered.token.access_token)).status).toBe(200);
    expect((await api.login(address, PASSWORD)).uid).toBe(registered.uid);
  });

  it('refuses an address the provider did not verify when an account already has it', async () => {
    const address = email();
    await api.register(address, PASSWORD);
    const res = await social(profile({ email: address, emailVerified: false }));
    expect(res.code).toBe('auth:account-exists-with-different-credential');
  });

  it('takes an unproven password away when the real owner of the address signs in (pre-hijacking)', async () => {
    const address = email();
    const squatter = await api.register(address, PASSWORD);
    const owner = await social(profile({ email: address }));
    expect(owner.data).toMatchObject({ uid: squatter.uid, hasPassword: false, emailVerified: true });
    expect((await api.get('/account', squatter.token.access_token)).status).toBe(401);
    expect((await api.post('/auth/login', { email: address, password: PASSWORD })).status).toBe(401);
    expect((await api.get('/account', owner.data!.token.access_token)).status).toBe(200);
  });

  it('lets a social-only account set a first password, and delete itself soon after signing in', async () => {
    const p = profile();
    const signedIn = (await social(p)).data!;
    const set = await api.post(
      '/account/password',
      { newPassword: 'first-password-1' },
      signedIn.token.access_token,
    );
    expect(set.status).toBe(204);
    expect((await api.login(p.email!, 'first-password-1')).hasPassword).toBe(true);

    const other = (await social(profile({ provider: 'twitter', email: null }))).data!;
    expect(other).toMatchObject({ email: null, hasPassword: false });
    expect((await api.call('DELETE', '/account', { token: other.token.access_token })).status).toBe(204);
    expect(await gateway.db.query(`SELECT 1 FROM users WHERE id = $1`, [other.uid])).toHaveLength(0);
    expect(await gateway.db.query(`SELECT 1 FROM identities WHERE user_id = $1`, [other.uid])).toHaveLength(
      0,
    );
  });

  it('asks a social-only account to sign in again before deleting it when the sign-in is old', async () => {
    const signedIn = (await social(profile())).data!;
    // Five minutes and a second ago, as far as the database knows.
    await gateway.db.query(
      `UPDATE sessions SET created_at = created_at - interval '301 seconds' WHERE user_id = $1`,
      [signedIn.uid],
    );
    const res = await api.call('DELETE', '/account', { token: signedIn.token.access_token });
    expect([res.status, res.body!.error!.code]).toEqual([403, 'auth:requires-recent-login']);
  });

  it('manages users from the admin area; disabling one ends their sessions at once', async () => {
    const adminEmail = email();
    const admin = await api.register(adminEmail, PASSWORD);
    const fan = await api.register(email(), PASSWORD, { displayName: 'Fan 100%' });
    await gateway.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [admin.uid]);

    const login = await api.login(adminEmail, PASSWORD, '/admin/login');
    expect(login.scope).toEqual(['admin']);
    const found = await api.get<{ users: { uid: string; disabled: boolean }[]; total: number }>(
      `/admin/users?query=${encodeURIComponent('100%')}`,
      login.token.access_token,
    );
    expect(found.body!.data).toMatchObject({ total: 1, users: [{ uid: fan.uid, disabled: false }] });
    const page = await api.get<{ users: unknown[]; total: number }>(
      '/admin/users?limit=2&offset=0',
      login.token.access_token,
    );
    expect(page.body!.data!.users).toHaveLength(2);
    expect(page.body!.data!.total).toBeGreaterThan(2);

    const disabled = await api.call('PATCH', `/admin/users/${fan.uid}`, {
      body: { disabled: true },
      token: login.token.access_token,
    });
    expect(disabled.body!.data).toMatchObject({ uid: fan.uid, disabled: true });
    expect((await api.get('/account', fan.token.access_token)).status).toBe(401);
    const refused = await api.post('/auth/login', { email: fan.email, password: PASSWORD });
    expect([refused.status, refused.body!.error!.code]).toEqual([403, 'auth:user-disabled']);

    // Taking the scope away works at once too, even with the access token still alive.
    const promoted = await api.call('PATCH', `/admin/users/${admin.uid}`, {
      body: { scope: [] },
      token: login.token.access_token,
    });
    expect(promoted.status).toBe(200);
    expect((await api.get('/admin/users', login.token.access_token)).status).toBe(403);
    expect(
      (await api.call('PATCH', `/admin/users/${randomUUID()}`, { body: {}, token: admin.token.access_token }))
        .status,
    ).toBe(403);
  });

  it('throttles failed logins per address across accounts', async () => {
    // This file's gateway allows 4 failures per address; earlier tests here failed twice already.
    const [{ n }] = (await gateway.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE event = 'user.sign-in-failed'`,
    )) as [{ n: number }];
    for (let i = n; i < 4; i++) {
      expect((await api.post('/auth/login', { email: email(), password: PASSWORD })).status).toBe(401);
    }
    const blocked = await api.post('/auth/login', { email: email(), password: PASSWORD });
    expect([blocked.status, blocked.body!.error!.code]).toEqual([429, 'auth:too-many-requests']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
