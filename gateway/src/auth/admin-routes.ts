import { Router } from 'express';
import { z } from 'zod';
import { AdminUpdateUserBodySchema, AdminUsersQuerySchema, LoginBodySchema } from '@pitchside/shared/auth';
import { parseInput } from '../rest/http-errors.ts';
import type { Accounts } from './accounts.ts';
import { accountRequests, requestContext } from './request-context.ts';
import { authOf, requireScope, requireUser } from './require-user.ts';

const UserParams = z.object({ uid: z.uuid() });

/** /api/admin: the admin side's own sign-in and the user list; everything but login needs the `admin` scope. */
export function adminRoutes(accounts: Accounts): Router {
  const router = Router();
  router.use(accountRequests);

  router.post('/login', async (req, res) => {
    const body = parseInput(LoginBodySchema, req.body);
    res.json({ data: await accounts.signIn.login(body, requestContext(req), { requireScope: 'admin' }) });
  });

  const signedIn = requireUser(accounts);
  const admin = requireScope('admin', (uid, scope) => accounts.holdsScope(uid, scope));

  router.get('/users', signedIn, admin, async (req, res) => {
    res.json({ data: await accounts.users.list(parseInput(AdminUsersQuerySchema, req.query)) });
  });

  router.patch('/users/:uid', signedIn, admin, async (req, res) => {
    const { uid } = parseInput(UserParams, req.params);
    const body = parseInput(AdminUpdateUserBodySchema, req.body);
    res.json({ data: await accounts.users.update(authOf(res), uid, body, requestContext(req)) });
  });

  return router;
}
