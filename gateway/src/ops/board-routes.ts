import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { Router, type RequestHandler } from 'express';
import { readCookie } from '@pitchside/shared/cookies';
import { PitchsideError } from '@pitchside/shared/errors';
import { accountRequests } from '../auth/request-context.ts';
import { authOf, requireScope, requireUser } from '../auth/require-user.ts';
import { sendError } from '../rest/http-errors.ts';
import { sameOriginOnly, secureCookie } from '../lib/site-origin.ts';
import type { AdminGate } from './admin-namespace.ts';
import type { BoardSessionTokens } from './board-session.ts';

/** Where bull-board lives; its session cookie is scoped to this path and goes nowhere else. */
export const BOARD_PATH = '/admin/queues';
export const BOARD_COOKIE = 'ps_ops_board';
/** Where a browser without a board session is sent: the admin side's sign-in, which lands on the dashboard. */
const SIGN_IN_PATH = '/en/cms/login';

/**
 * POST /api/admin/ops/board-session (bearer, `admin` scope): sets the queue board's session cookie, HttpOnly
 * (no script reads it), SameSite=Strict (no other site can make the browser send it), Secure when the site is
 * https (PUBLIC_BASE_URL, or this request), Path=/admin/queues, and as short-lived as the token inside.
 */
export function boardSessionRoutes(
  gate: AdminGate,
  tokens: BoardSessionTokens,
  publicBaseUrl: string | undefined,
): Router {
  const router = Router();
  router.use(accountRequests);
  router.post(
    '/board-session',
    requireUser(gate),
    requireScope('admin', (uid, scope) => gate.holdsScope(uid, scope)),
    async (req, res) => {
      const { userId, sessionId } = authOf(res);
      res.cookie(BOARD_COOKIE, await tokens.sign({ userId, sessionId }), {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie(req, publicBaseUrl),
        path: BOARD_PATH,
        maxAge: tokens.ttlS * 1000,
      });
      res.json({ data: { url: BOARD_PATH, expiresIn: tokens.ttlS } });
    },
  );
  return router;
}

/**
 * bull-board at /admin/queues, every request of it (page, assets, its JSON API) behind the board session:
 * a valid cookie of a session not revoked since, whose user holds `admin` now (read from the database).
 * Without one, a page navigation goes to the admin sign-in and anything else gets the error (401/403).
 *
 * The gateway's CSP needs no exception here: bull-board's page runs only its own script files (its inline
 * `<script>` is a JSON block, which is not executed), and helmet's default style-src already admits the
 * inline styles and the https: font stylesheet it uses (checked by the browser test, which watches for
 * securitypolicyviolation events on the board).
 */
export function boardRoutes(deps: {
  gate: AdminGate;
  tokens: BoardSessionTokens;
  queues: readonly Queue[];
  publicBaseUrl: string | undefined;
}): Router {
  const serverAdapter = new ExpressAdapter().setBasePath(BOARD_PATH);
  createBullBoard({
    queues: deps.queues.map((queue) => new BullMQAdapter(queue)),
    // @bull-board/express 9.10.1 brings its own copy of @bull-board/api (9.10.1, beside our 9.10.2): the same
    // interface, but TypeScript tells the two copies' classes apart by their private members.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Pitchside queues' } },
  });
  const router = Router();
  // SameSite=Strict already keeps other sites' requests from carrying the cookie; the board's POSTs (retry,
  // clean, pause) must also come from the site's own pages, for browsers that do not honour SameSite.
  router.use(sameOriginOnly(deps.publicBaseUrl));
  router.use(boardGuard(deps.gate, deps.tokens));
  router.use(serverAdapter.getRouter() as Router);
  return router;
}

function boardGuard(gate: AdminGate, tokens: BoardSessionTokens): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = readCookie(req.get('cookie'), BOARD_COOKIE);
      if (!token) throw new PitchsideError('auth:unauthenticated');
      const claims = await tokens.verify(token);
      if (await gate.revocations.isRevoked(claims.sessionId))
        throw new PitchsideError('auth:unauthenticated');
      if (!(await gate.holdsScope(claims.userId, 'admin'))) throw new PitchsideError('auth:forbidden');
    } catch (error) {
      if (!(error instanceof PitchsideError)) throw error;
      res.setHeader('Cache-Control', 'no-store');
      if (req.method === 'GET' && req.accepts(['json', 'html']) === 'html')
        return res.redirect(302, SIGN_IN_PATH);
      return sendError(res, error);
    }
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
