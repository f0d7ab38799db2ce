import express, { Router, type Request, type Response } from 'express';
import type { RedisClient } from '../../lib/redis-client.ts';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { SocialExchangeBodySchema, SocialProviderSchema, type LoginData } from '@pitchside/shared/auth';
import type { Language } from '@pitchside/shared/constants';
import { readCookie, SITE_COOKIES } from '@pitchside/shared/cookies';
import { PitchsideError, type ErrorCode } from '@pitchside/shared/errors';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { AuthThrottle, type ThrottleRule } from '../auth-throttle.ts';
import { bindBrowser, readBrowserId } from './browser-binding.ts';
import { createSocialClient, type SocialClient } from './social-client.ts';
import type { SocialProviderConfig } from './social-config.ts';
import { SocialFlowStore, type PendingFlow } from './social-flow-store.ts';
import { landingLanguage, landingTarget, loginPageUrl } from './social-landing.ts';
import type { CompleteSocialSignIn, SocialProfile } from './social-profile.ts';
import { secureCookie } from '../../lib/site-origin.ts';

export interface SocialRoutesOptions {
  /** The configured providers (readSocialProviders); the others answer 404 auth:provider-unavailable. */
  providers: readonly SocialProviderConfig[];
  redis: RedisClient;
  keys: RedisKeys;
  /** The account service: turns a provider's profile into a signed-in session. */
  completeSignIn: CompleteSocialSignIn;
  /** The site's public origin, for the redirect URI registered at the providers; else the request's own. */
  publicBaseUrl?: string;
  logger: Logger;
  /** Sign-ins one address may start per window; default DEFAULT_START_LIMIT. */
  startLimit?: ThrottleRule;
}

/**
 * Every start parks ~500 bytes in Redis for 10 minutes, so starts are counted per address: generous for a
 * person retrying (or an office behind one address), and a ceiling on what one address can make us store.
 */
export const DEFAULT_START_LIMIT: ThrottleRule = { limit: 60, windowS: 600 };

/** A failure that ends a sign-in, with the code the login page shows. */
class SocialSignInFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly flow?: PendingFlow,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'SocialSignInFailure';
  }
}

const sendError = (res: Response, status: number, error: PitchsideError) =>
  res.status(status).json({ error: error.toBody() });

/**
 * Social sign-in as a full-page round trip (schemas.ts above SocialStartQuerySchema), mounted under /api/auth:
 *
 *   GET  /social/:provider/start      302 to the provider, PKCE (S256), state and, for OpenID, nonce
 *   GET  /social/:provider/callback   302 to /{lang}/login?social_code=… or ?social_error=<code>
 *   POST /social/exchange {code}      the LoginData behind the one-time code
 *
 * Tokens never travel in a URL: the callback leaves only a one-time code, good for 60 s and for the
 * browser that ran the flow. GET /providers is the account routes' (auth-routes.ts), fed from the same
 * readSocialProviders list.
 */
export function socialRoutes(options: SocialRoutesOptions): Router {
  const { completeSignIn, logger } = options;
  const clients = new Map<string, SocialClient>(options.providers.map((p) => [p.id, createSocialClient(p)]));
  const store = new SocialFlowStore(options.redis, options.keys);
  const throttle = new AuthThrottle(options.redis, options.keys);
  const startLimit = options.startLimit ?? DEFAULT_START_LIMIT;
  const router = Router();

  const clientFor = (req: Request, res: Response): SocialClient | null => {
    const id = SocialProviderSchema.safeParse(req.params.provider);
    const client = id.success ? clients.get(id.data) : undefined;
    if (!client) sendError(res, 404, new PitchsideError('auth:provider-unavailable'));
    return client ?? null;
  };
  const origin = (req: Request) =>
    options.publicBaseUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;
  // Under the mount path: these routes are the only ones that need the binding cookie.
  const cookiePath = (req: Request) => `${req.baseUrl}/social`;

  // Every answer below carries a state, a code or tokens: none may be cached anywhere.
  router.use('/social', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/social/:provider/start', async (req, res) => {
    const client = clientFor(req, res);
    if (!client) return;
    const lang = landingLanguage(req.query.lang);
    const target = landingTarget(req.query.redirect, lang);
    const counters: [['ip', string, ThrottleRule]] = [['ip', req.ip ?? 'unknown', startLimit]];
    try {
      await throttle.consume('social-start', counters);
    } catch (err) {
      if (!(err instanceof PitchsideError)) throw err;
      logger.warn({ provider: client.id, ip: req.ip }, 'social sign-in starts throttled');
      return res.redirect(302, loginPageUrl(lang, { error: 'auth:too-many-requests', target }));
    }
    const browserId = bindBrowser(req, res, {
      path: cookiePath(req),
      secure: secureCookie(req, options.publicBaseUrl),
    });
    const state = oidc.randomState();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = client.usesNonce ? oidc.randomNonce() : undefined;
    const redirectUri = `${origin(req)}${req.baseUrl}/social/${client.id}/callback`;
    let authorizationUrl: URL;
    try {
      authorizationUrl = await client.authorizationUrl({
        redirectUri,
        state,
        codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        nonce,
      });
    } catch (err) {
      // Only an OpenID provider can fail here: its discovery document could not be fetched.
      logger.warn({ err, provider: client.id }, 'social sign-in could not start');
      return res.redirect(302, loginPageUrl(lang, { error: 'auth:provider-failed', target }));
    }
    await store.begin(browserId, state, {
      provider: client.id,
      codeVerifier,
      nonce,
      redirectUri,
      target,
      lang,
    });
    res.redirect(302, authorizationUrl.href);
  });

  router.get('/social/:provider/callback', async (req, res) => {
    const client = clientFor(req, res);
    if (!client) return;
    try {
      const { browserId, flow } = await resumeFlow(req, client);
      const profile = await providerProfile(req, client, flow);
      const login = await signIn(req, profile, flow);
      const code = await store.issueCode(browserId, login);
      logger.info({ provider: client.id, uid: login.uid }, 'social sign-in');
      res.redirect(302, loginPageUrl(flow.lang, { code, target: flow.target }));
    } catch (err) {
      const failure =
        err instanceof SocialSignInFailure
          ? err
          : new SocialSignInFailure('server:internal', 'unexpected social sign-in failure', undefined, err);
      const level = failure.code === 'server:internal' ? 'error' : 'warn';
      logger[level](
        { err: failure.cause ?? failure, provider: client.id, code: failure.code, reason: failure.message },
        'social sign-in failed',
      );
      // Before the flow is known, the language cookie is the best guess at the visitor's language.
      const lang: Language =
        failure.flow?.lang ?? landingLanguage(readCookie(req.headers.cookie, SITE_COOKIES.language));
      res.redirect(302, loginPageUrl(lang, { error: failure.code, target: failure.flow?.target }));
    }
  });

  /**
   * The flow this browser started for this provider with the `state` the provider sent back, consumed so a
   * replayed callback finds nothing. No cookie, an unknown state or another provider's flow all mean the
   * answer was not meant for this browser (login CSRF, an old tab, a forwarded link).
   */
  async function resumeFlow(
    req: Request,
    client: SocialClient,
  ): Promise<{ browserId: string; flow: PendingFlow }> {
    const browserId = readBrowserId(req);
    const state = req.query.state;
    if (!browserId || typeof state !== 'string' || state.length === 0 || state.length > 512) {
      throw new SocialSignInFailure('auth:invalid-state', 'callback without binding cookie or state');
    }
    const flow = await store.resume(browserId, state);
    if (!flow || flow.provider !== client.id) {
      throw new SocialSignInFailure('auth:invalid-state', 'no pending flow for this browser and state');
    }
    const error = req.query.error;
    if (error !== undefined) {
      // access_denied is the visitor saying no (RFC 6749 4.1.2.1); anything else is the provider failing.
      const code = error === 'access_denied' ? 'auth:popup-closed-by-user' : 'auth:provider-failed';
      throw new SocialSignInFailure(code, `provider answered error=${String(error)}`, flow);
    }
    return { browserId, flow };
  }

  /** Redeems the code (openid-client checks state, issuer, PKCE and, for OpenID, the ID token) and reads the profile. */
  async function providerProfile(
    req: Request,
    client: SocialClient,
    flow: PendingFlow,
  ): Promise<SocialProfile> {
    // The token request must repeat the redirect_uri of the start exactly, whatever Host this request had.
    const callbackUrl = new URL(flow.redirectUri);
    callbackUrl.search = new URL(req.originalUrl, 'http://callback.invalid').search;
    try {
      return await client.profile(callbackUrl, {
        state: req.query.state as string,
        codeVerifier: flow.codeVerifier,
        nonce: flow.nonce,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'provider failure';
      throw new SocialSignInFailure('auth:provider-failed', message, flow, err);
    }
  }

  /** The account service's verdict: its auth:* codes (user-disabled, account-exists-…) reach the page as they are. */
  async function signIn(req: Request, profile: SocialProfile, flow: PendingFlow): Promise<LoginData> {
    try {
      return await completeSignIn(profile, {
        userAgent: req.get('user-agent')?.slice(0, 512) ?? null,
        ip: req.ip ?? null,
      });
    } catch (err) {
      if (err instanceof PitchsideError) throw new SocialSignInFailure(err.code, err.message, flow, err);
      throw new SocialSignInFailure('server:internal', 'account service failed', flow, err);
    }
  }

  router.post('/social/exchange', express.json({ limit: '4kb' }), async (req, res) => {
    const body = SocialExchangeBodySchema.safeParse(req.body);
    if (!body.success) {
      const issues = body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return sendError(res, 400, new PitchsideError('request:invalid', undefined, issues));
    }
    const login = await store.redeemCode(body.data.code, readBrowserId(req));
    if (!login) return sendError(res, 400, new PitchsideError('auth:expired-action-code'));
    res.json({ data: login });
  });

  return router;
}
