import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginData } from '@pitchside/shared/auth';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { readSocialProviders } from '../src/auth/social/social-config.ts';
import { socialRoutes } from '../src/auth/social/social-routes.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startOAuth2Peer, type OAuth2Peer } from './support/oauth2-peer.ts';
import { startTestIssuer, type TestIssuer } from './support/oidc-issuer.ts';
import { TestBrowser } from './support/test-browser.ts';
import { accountWorld, type AccountWorld } from './support/account-world.ts';

describe('social sign-in', () => {
  let t: TestRedis;
  let issuer: TestIssuer;
  let github: OAuth2Peer;
  let facebook: OAuth2Peer;
  let twitter: OAuth2Peer;
  let world: AccountWorld;
  let server: Server;
  let gatewayUrl: string;
  const logs: { msg: string; code?: string; provider?: string }[] = [];

  beforeAll(async () => {
    t = await testRedis();
    issuer = await startTestIssuer();
    github = await startOAuth2Peer({
      clientId: 'gh-client',
      clientSecret: 'gh-secret',
      clientAuth: 'post',
      authorizePath: '/login/oauth/authorize',
      tokenPath: '/login/oauth/access_token',
    });
    facebook = await startOAuth2Peer({
      clientId: 'fb-app',
      clientSecret: 'fb-secret',
      clientAuth: 'post',
      authorizePath: '/v21.0/dialog/oauth',
      tokenPath: '/v21.0/oauth/access_token',
    });
    twitter = await startOAuth2Peer({
      clientId: 'x-client',
      clientSecret: 'x-secret',
      clientAuth: 'basic',
      authorizePath: '/i/oauth2/authorize',
      tokenPath: '/2/oauth2/token',
    });
    const providers = readSocialProviders({
      GOOGLE_CLIENT_ID: 'pitchside',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: issuer.issuer,
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_AUTHORIZATION_URL: `${github.url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${github.url}/login/oauth/access_token`,
      GITHUB_API_URL: github.url,
      FACEBOOK_CLIENT_ID: 'fb-app',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      FACEBOOK_AUTHORIZATION_URL: `${facebook.url}/v21.0/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${facebook.url}/v21.0/oauth/access_token`,
      FACEBOOK_API_URL: `${facebook.url}/v21.0`,
      TWITTER_CLIENT_ID: 'x-client',
      TWITTER_CLIENT_SECRET: 'x-secret',
      TWITTER_AUTHORIZATION_URL: `${twitter.url}/i/oauth2/authorize`,
      TWITTER_TOKEN_URL: `${twitter.url}/2/oauth2/token`,
      TWITTER_API_URL: twitter.url,
    });

    // The gateway's address goes into the issuer's client registration before the routes exist.
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    issuer.registerClient({
      clientId: 'pitchside',
      clientSecret: 'google-secret',
      redirectUri: `${gatewayUrl}/api/auth/social/google/callback`,
    });

    world = await accountWorld(t.redis, t.keys);
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const deps = {
      redis: t.redis,
      keys: t.keys,
      completeSignIn: world.accounts.completeSocialSignIn,
      logger,
    };
    const app = express();
    app.use('/api/auth', socialRoutes({ ...deps, providers }));
    // A gateway where only Google is configured, for "each provider appears only when configured".
    app.use(
      '/google-only/api/auth',
      socialRoutes({ ...deps, providers: providers.filter((p) => p.id === 'google') }),
    );
    // A gateway that lets one address start only two sign-ins (its own key prefix: its own counters).
    app.use(
      '/throttled/api/auth',
      socialRoutes({
        ...deps,
        keys: redisKeys(`${t.prefix}throttled:`),
        providers,
        startLimit: { limit: 2, windowS: 60 },
      }),
    );
    server.on('request', app);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([issuer.close(), github.close(), facebook.close(), twitter.close()]);
    await world.close();
    await t.cleanup();
  });

  const api = (path: string) => `${gatewayUrl}/api/auth${path}`;
  const isLanding = (url: URL) => url.origin === gatewayUrl && !url.pathname.startsWith('/api/');

  /** Starts a sign-in: the gateway's 302 to the provider, and the authorization request it carries. */
  async function start(browser: TestBrowser, provider: string, query = 'lang=de&redirect=/de/account') {
    const response = await browser.request(api(`/social/${provider}/start?${query}`));
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? '');
  }

  /**
   * At the test issuer, up to the gateway's callback address: the person signs in as `account`, or, when the
   * browser is still signed in at the issuer, comes straight back.
   */
  async function atIssuer(browser: TestBrowser, authorize: URL, account: string | 'abort'): Promise<URL> {
    const interaction = await browser.followUntil(
      authorize,
      (u) => u.pathname.startsWith('/interaction/') || u.origin === gatewayUrl,
    );
    if (interaction.origin === gatewayUrl) return interaction;
    const prompt = (await (await browser.request(interaction)).json()) as { prompt: string };
    expect(prompt.prompt).toBe('login');
    const action = account === 'abort' ? 'abort' : `login?account=${encodeURIComponent(account)}`;
    return browser.followUntil(
      new URL(`${interaction.pathname}/${action}`, issuer.issuer),
      (u) => u.origin === gatewayUrl,
      {
        method: 'POST',
      },
    );
  }

  /** The whole round trip in one browser: start, the provider, the callback; answers the landing page. */
  async function signIn(browser: TestBrowser, provider: string, account = '', query?: string): Promise<URL> {
    const authorize = await start(browser, provider, query);
    const callback =
      provider === 'google'
        ? await atIssuer(browser, authorize, account)
        : await browser.followUntil(authorize, (u) => u.origin === gatewayUrl);
    return browser.followUntil(callback, isLanding);
  }

  async function exchange(browser: TestBrowser, code: string | null) {
    const response = await browser.request(api('/social/exchange'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: LoginData; error?: { code: string } },
    };
  }

  const githubPerson = (id: number, email: string, verified = true) => {
    github.resources.set('/user', {
      id,
      login: `fan${id}`,
      name: `Fan ${id}`,
      avatar_url: `https://avatars.githubusercontent.com/u/${id}`,
      email: null,
    });
    github.resources.set('/user/emails', [
      { email: `old-${id}@example.org`, primary: false, verified: true, visibility: null },
      { email, primary: true, verified, visibility: 'private' },
    ]);
  };

  it('starts with a redirect to the provider carrying PKCE (S256), state and, for OpenID, a nonce', async () => {
    const browser = new TestBrowser();
    const response = await browser.request(api('/social/google/start?lang=de&redirect=/de/account'));
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const authorize = new URL(response.headers.get('location') ?? '');
    expect(authorize.origin).toBe(issuer.issuer);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('pitchside');
    expect(q.get('redirect_uri')).toBe(`${gatewayUrl}/api/auth/social/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    // The verifier stays on the server: the browser holds only an opaque, script-proof binding cookie.
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ps_social='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/social/i);

    const github = await start(browser, 'github');
    expect(github.searchParams.get('code_challenge_method')).toBe('S256');
    expect(github.searchParams.get('scope')).toBe('read:user user:email');
    expect(github.searchParams.has('nonce')).toBe(false);
  });

  it('signs in with Google through a real OpenID provider and hands the tokens over once', async () => {
    issuer.accounts.set('g-1001', {
      email: 'Ada@Example.org',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: 'https://example.org/ada.png',
    });
    const browser = new TestBrowser();
    const landing = await signIn(browser, 'google', 'g-1001');
    expect(landing.pathname).toBe('/de/login');
    expect(landing.searchParams.get('redirect')).toBe('/de/account');
    expect(landing.searchParams.has('social_error')).toBe(false);
    const code = landing.searchParams.get('social_code');
    expect(code).toMatch(/^[\w-]{43}$/);
    // No token ever travels in an address.
    expect(landing.href).not.toMatch(/token/i);

    const first = await exchange(browser, code);
    expect(first.status).toBe(200);
    const login = first.body.data!;
    expect(login.email).toBe('ada@example.org');
    expect(login.emailVerified).toBe(true);
    expect(login.displayName).toBe('Ada Lovelace');
    expect(login.providerData).toContainEqual(
      expect.objectContaining({ providerId: 'google', uid: 'g-1001', email: 'ada@example.org' }),
    );
    // Real tokens of a real session, which the account page lists as a Google sign-in with this browser.
    const claims = await world.accounts.tokens.verifyAccess(login.token.access_token);
    expect(claims.userId).toBe(login.uid);
    const sessions = await world.accounts.sessions.list({
      userId: claims.userId,
      sessionId: claims.sessionId,
      scope: [],
    });
    expect(sessions).toContainEqual(expect.objectContaining({ provider: 'google', current: true }));

    const again = await exchange(browser, code);
    expect(again).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ code: 'auth:expired-action-code' }) },
    });
  });

  it('signs in again as the same account, and a code is useless in another browser', async () => {
    const browser = new TestBrowser();
    const first = (
      await exchange(browser, (await signIn(browser, 'google', 'g-1001')).searchParams.get('social_code'))
    ).body.data!;
    const landing = await signIn(browser, 'google', 'g-1001');
    const elsewhere = await exchange(new TestBrowser(), landing.searchParams.get('social_code'));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.code).toBe('auth:expired-action-code');

    const again = (
      await exchange(browser, (await signIn(browser, 'google', 'g-1001')).searchParams.get('social_code'))
    ).body.data!;
    expect(again.uid).toBe(first.uid);
  });

  it('signs in with GitHub, taking the verified primary address from /user/emails', async () => {
    githubPerson(583231, 'octo@example.org');
    const browser = new TestBrowser();
    const landing = await signIn(browser, 'github', '', 'lang=fr&redirect=/fr/matches?day=2026-05-01');
    expect(landing.pathname).toBe('/fr/login');
    expect(landing.searchParams.get('redirect')).toBe('/fr/matches?day=2026-05-01');
    const { status, body } = await exchange(browser, landing.searchParams.get('social_code'));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      email: 'octo@example.org',
      emailVerified: true,
      displayName: 'Fan 583231',
    });
    expect(body.data!.providerData).toContainEqual(
      expect.objectContaining({ providerId: 'github', uid: '583231' }),
    );
    expect(github.profileCalls.map((u) => u.pathname)).toEqual(
      expect.arrayContaining(['/user', '/user/emails']),
    );
  });

  it('signs in with Facebook (app secret proof sent) and with X (no e-mail address)', async () => {
    facebook.resources.set('/v21.0/me', {
      id: '10223',
      name: 'Grace Hopper',
      email: 'grace@example.org',
      picture: { data: { url: 'https://graph.example/grace.jpg', is_silhouette: false } },
    });
    const browser = new TestBrowser();
    const fb = await exchange(browser, (await signIn(browser, 'facebook')).searchParams.get('social_code'));
    expect(fb.status).toBe(200);
    expect(fb.body.data!.providerData).toContainEqual(
      expect.objectContaining({ providerId: 'facebook', uid: '10223' }),
    );
    const me = facebook.profileCalls.at(-1)!;
    expect(me.searchParams.get('fields')).toContain('email');
    expect(me.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);

    twitter.resources.set('/2/users/me', {
      data: {
        id: '2244994945',
        name: 'X Dev',
        username: 'xdevelopers',
        profile_image_url: 'https://pbs.example/x.jpg',
      },
    });
    const x = await exchange(browser, (await signIn(browser, 'twitter')).searchParams.get('social_code'));
    expect(x.status).toBe(200);
    expect(x.body.data!.providerData).toContainEqual(
      expect.objectContaining({ providerId: 'twitter', uid: '2244994945', email: null }),
    );
    expect(twitter.profileCalls.at(-1)!.searchParams.get('user.fields')).toBe('profile_image_url');
  });

  it('refuses a callback with a forged state, from another browser, or replayed', async () => {
    const expectInvalidState = (url: URL) => {
      expect(url.pathname).toMatch(/^\/[a-z]{2}\/login$/);
      expect(url.searchParams.get('social_error')).toBe('auth:invalid-state');
      expect(url.searchParams.has('social_code')).toBe(false);
    };
    issuer.accounts.set('g-2002', { email: 'mallory@example.org', email_verified: true });

    // A state the gateway never issued.
    const browser = new TestBrowser();
    await start(browser, 'google');
    expectInvalidState(
      await browser.followUntil(api('/social/google/callback?code=abc&state=forged'), isLanding),
    );

    // The provider's genuine answer, delivered to a browser that did not start the flow (login CSRF).
    const attacker = new TestBrowser();
    const callback = await atIssuer(attacker, await start(attacker, 'google'), 'g-2002');
    const victim = new TestBrowser();
    expectInvalidState(await victim.followUntil(callback, isLanding));
    // The attacker's own browser could still finish it, once: a replay finds nothing.
    expect((await attacker.followUntil(callback, isLanding)).searchParams.has('social_code')).toBe(true);
    expectInvalidState(await attacker.followUntil(callback, isLanding));

    // A state issued for one provider is no good at another's callback.
    const mixed = new TestBrowser();
    const state = (await start(mixed, 'github')).searchParams.get('state');
    expectInvalidState(
      await mixed.followUntil(api(`/social/google/callback?code=abc&state=${state}`), isLanding),
    );

    expect(logs.some((l) => l.msg === 'social sign-in failed' && l.code === 'auth:invalid-state')).toBe(true);
  });

  it('keeps hostile redirect targets on the site', async () => {
    githubPerson(77, 'seventy-seven@example.org');
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
    ]) {
      const browser = new TestBrowser();
      const landing = await signIn(browser, 'github', '', `lang=it&redirect=${encodeURIComponent(hostile)}`);
      expect(landing.origin).toBe(gatewayUrl);
      expect(landing.pathname).toBe('/it/login');
      expect(landing.searchParams.get('redirect')).toBe('/it');
    }
    // An unknown language falls back to English.
    const landing = await signIn(new TestBrowser(), 'github', '', 'lang=xx&redirect=/xx/account');
    expect(landing.pathname).toBe('/en/login');
    expect(landing.searchParams.get('redirect')).toBe('/xx/account');
  });

  it('answers 404 auth:provider-unavailable for a provider that is unknown or not configured', async () => {
    for (const path of [
      '/api/auth/social/myspace/start',
      '/google-only/api/auth/social/github/start',
      '/google-only/api/auth/social/twitter/callback?code=a&state=b',
    ]) {
      const response = await fetch(`${gatewayUrl}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'auth:provider-unavailable',
      );
    }
  });

  it('throttles the starts from one address', async () => {
    const startAt = (n: number) =>
      new TestBrowser().request(`${gatewayUrl}/throttled/api/auth/social/github/start?lang=fr&n=${n}`);
    for (const n of [1, 2]) {
      expect(new URL((await startAt(n)).headers.get('location') ?? '').origin).toBe(github.url);
    }
    const refused = new URL((await startAt(3)).headers.get('location') ?? '', gatewayUrl);
    expect(refused.pathname).toBe('/fr/login');
    expect(refused.searchParams.get('social_error')).toBe('auth:too-many-requests');
  });

  it('sends the visitor back to the login page when they refuse at the provider', async () => {
    const browser = new TestBrowser();
    const callback = await atIssuer(
      browser,
      await start(browser, 'google', 'lang=es&redirect=/es/account'),
      'abort',
    );
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const landing = await browser.followUntil(callback, isLanding);
    expect(landing.pathname).toBe('/es/login');
    expect(landing.searchParams.get('social_error')).toBe('auth:popup-closed-by-user');
    expect(landing.searchParams.get('redirect')).toBe('/es/account');

    github.decision = 'deny';
    try {
      const denied = await signIn(new TestBrowser(), 'github', '', 'lang=nl');
      expect(denied.pathname).toBe('/nl/login');
      expect(denied.searchParams.get('social_error')).toBe('auth:popup-closed-by-user');
    } finally {
      github.decision = 'approve';
    }
  });

  it('reports a provider that fails the token exchange as auth:provider-failed', async () => {
    const browser = new TestBrowser();
    const callback = await browser.followUntil(
      await start(browser, 'github', 'lang=pt'),
      (u) => u.origin === gatewayUrl,
    );
    // A code the provider never issued: its token endpoint answers invalid_grant.
    callback.searchParams.set('code', 'not-a-code-github-issued');
    const landing = await browser.followUntil(callback, isLanding);
    expect(landing.pathname).toBe('/pt/login');
    expect(landing.searchParams.get('social_error')).toBe('auth:provider-failed');
    expect(logs.some((l) => l.code === 'auth:provider-failed' && l.provider === 'github')).toBe(true);
  });

  it('refuses a malformed exchange and an unknown code', async () => {
    expect((await exchange(new TestBrowser(), null)).body.error?.code).toBe('request:invalid');
    expect(await exchange(new TestBrowser(), 'made-up')).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ code: 'auth:expired-action-code' }) },
    });
  });

  describe('with existing accounts', () => {
    const context = { userAgent: 'test', ip: '127.0.0.1' };
    const register = async (email: string, verified: boolean) => {
      const credentials = { email, password: 'correct horse battery' };
      await world.accounts.signIn.register(credentials, context, null);
      const login = await world.accounts.signIn.login(credentials, context);
      // Arrangement: whether the owner proved the address (the mailed link) is the account service's own test.
      if (verified) await world.db.query(`UPDATE users SET email_verified = true WHERE id = $1`, [login.uid]);
      return login;
    };

    it('links a provider-verified address to the account that has it', async () => {
      const existing = await register('carol@example.org', true);
      issuer.accounts.set('g-carol', { email: 'carol@example.org', email_verified: true, name: 'Carol' });
      const browser = new TestBrowser();
      const landing = await signIn(browser, 'google', 'g-carol');
      const { body } = await exchange(browser, landing.searchParams.get('social_code'));
      expect(body.data!.uid).toBe(existing.uid);
      expect(body.data!.hasPassword).toBe(true);
      expect(body.data!.providerData.map((p) => p.providerId).sort()).toEqual(['google', 'password']);
    });

    it('refuses an address the provider did not verify when an account already has it', async () => {
      const existing = await register('dave@example.org', true);
      githubPerson(4242, 'dave@example.org', false);
      const viaGithub = await signIn(new TestBrowser(), 'github', '', 'lang=tr&redirect=/tr/account');
      expect(viaGithub.pathname).toBe('/tr/login');
      expect(viaGithub.searchParams.get('social_error')).toBe(
        'auth:account-exists-with-different-credential',
      );
      expect(viaGithub.searchParams.get('redirect')).toBe('/tr/account');

      // Facebook never vouches for an address, so it cannot take over an account either.
      facebook.resources.set('/v21.0/me', { id: '5150', name: 'Not Dave', email: 'dave@example.org' });
      const viaFacebook = await signIn(new TestBrowser(), 'facebook', '', 'lang=ru');
      expect(viaFacebook.searchParams.get('social_error')).toBe(
        'auth:account-exists-with-different-credential',
      );

      const [row] = await world.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM identities WHERE user_id = $1`,
        [existing.uid],
      );
      expect(row?.n).toBe(0);
      expect(logs.some((l) => l.code === 'auth:account-exists-with-different-credential')).toBe(true);
    });

    it('passes a disabled account’s refusal through to the login page', async () => {
      issuer.accounts.set('g-erin', { email: 'erin@example.org', email_verified: true });
      const browser = new TestBrowser();
      const first = await exchange(
        browser,
        (await signIn(browser, 'google', 'g-erin')).searchParams.get('social_code'),
      );
      await world.db.query(`UPDATE users SET disabled = true WHERE id = $1`, [first.body.data!.uid]);
      const landing = await signIn(new TestBrowser(), 'google', 'g-erin', 'lang=id');
      expect(landing.pathname).toBe('/id/login');
      expect(landing.searchParams.get('social_error')).toBe('auth:user-disabled');
      expect(landing.searchParams.has('social_code')).toBe(false);
    });
  });
});
