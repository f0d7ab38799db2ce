import { Router } from 'express';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  UpdateAccountBodySchema,
} from '@pitchside/shared/auth';
import { parseInput } from '../rest/http-errors.ts';
import type { Accounts } from './accounts.ts';
import { accountRequests, requestContext } from './request-context.ts';
import { authOf, requireUser } from './require-user.ts';

const SessionParams = z.object({ id: z.uuid() });

/** /api/account: the signed-in user's profile, password, sessions and deletion. */
export function accountRoutes(accounts: Accounts): Router {
  const router = Router();
  router.use(accountRequests, requireUser(accounts));

  router.get('/', async (_req, res) => {
    res.json({ data: await accounts.profile.get(authOf(res)) });
  });

  router.patch('/', async (req, res) => {
    const body = parseInput(UpdateAccountBodySchema, req.body);
    res.json({ data: await accounts.profile.update(authOf(res), body) });
  });

  router.delete('/', async (req, res) => {
    // A DELETE may come without a body (a social-only account has no password to send).
    const body = parseInput(DeleteAccountBodySchema, req.body ?? {});
    await accounts.profile.delete(authOf(res), body, requestContext(req));
    res.status(204).end();
  });

  router.post('/password', async (req, res) => {
    const body = parseInput(ChangePasswordBodySchema, req.body);
    await accounts.passwords.change(authOf(res), body, requestContext(req));
    res.status(204).end();
  });

  router.get('/sessions', async (_req, res) => {
    res.json({ data: await accounts.sessions.list(authOf(res)) });
  });

  router.delete('/sessions', async (req, res) => {
    await accounts.sessions.logoutEverywhere(authOf(res), requestContext(req));
    res.status(204).end();
  });

  router.delete('/sessions/:id', async (req, res) => {
    const { id } = parseInput(SessionParams, req.params);
    await accounts.sessions.revoke(authOf(res), id, requestContext(req));
    res.status(204).end();
  });

  return router;
}
