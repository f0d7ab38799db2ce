import { Router } from 'express';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RefreshBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  VerifyEmailBodySchema,
  type SocialProvider,
} from '@pitchside/shared/auth';
import { parseInput } from '../rest/http-errors.ts';
import type { Accounts } from './accounts.ts';
import { accountRequests, linkBase, requestContext } from './request-context.ts';
import { authOf, requireUser } from './require-user.ts';

export interface AuthRoutesOptions {
  providers: readonly { id: SocialProvider; name: string }[];
  publicBaseUrl?: string;
  allowedOrigins?: readonly string[];
}

/** /api/auth: sign-in, registration, tokens, password reset, e-mail verification (shared/src/auth/schemas.ts). */
export function authRoutes(accounts: Accounts, options: AuthRoutesOptions): Router {
  const router = Router();
  router.use(accountRequests);
  const signedIn = requireUser(accounts);

  router.post('/login', async (req, res) => {
    const body = parseInput(LoginBodySchema, req.body);
    res.json({ data: await accounts.signIn.login(body, requestContext(req)) });
  });

  router.post('/register', async (req, res) => {
    const body = parseInput(RegisterBodySchema, req.body);
    // 202 whether or not the address has an account: the mail tells its owner, the answer tells nobody.
    await accounts.signIn.register(body, requestContext(req), linkBase(req, options));
    res.status(202).json({ data: null });
  });

  router.post('/refresh-token', async (req, res) => {
    const { refresh_token } = parseInput(RefreshBodySchema, req.body);
    res.json({ data: await accounts.sessions.refresh(refresh_token, requestContext(req)) });
  });

  // An access token that has just expired still ends its session: the client logs out when it notices.
  router.post('/logout', requireUser(accounts, { allowExpired: true }), async (req, res) => {
    await accounts.sessions.logout(authOf(res), requestContext(req));
    res.status(204).end();
  });

  router.post('/logout-all', signedIn, async (req, res) => {
    await accounts.sessions.logoutEverywhere(authOf(res), requestContext(req));
    res.status(204).end();
  });

  router.post('/forgot-password', async (req, res) => {
    const body = parseInput(ForgotPasswordBodySchema, req.body);
    await accounts.passwords.forgot(body, requestContext(req), linkBase(req, options));
    res.status(202).json({ data: null });
  });

  router.post('/reset-password', async (req, res) => {
    await accounts.passwords.reset(parseInput(ResetPasswordBodySchema, req.body), requestContext(req));
    res.status(204).end();
  });

  router.post('/verify-email', async (req, res) => {
    const { token } = parseInput(VerifyEmailBodySchema, req.body);
    await accounts.profile.verifyEmail(token, requestContext(req));
    res.status(204).end();
  });

  router.get('/password-policy', (_req, res) => {
    res.json({ data: accounts.policy });
  });

  router.get('/providers', (_req, res) => {
    res.json({ data: options.providers });
  });

  return router;
}
