import type { RequestHandler, Response } from 'express';
import { PitchsideError } from '@pitchside/shared/errors';
import type { SessionRevocations } from './session-revocations.ts';
import type { TokenService } from './token-service.ts';

/** Who is calling, from a verified access token. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  scope: string[];
}

const BEARER = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/i;

/**
 * Lets a request through with a valid access token of a live session: the signature, type, issuer, audience
 * and expiry are checked locally, and one Redis lookup says whether the session was revoked since.
 * `allowExpired` is for logout, which must be able to end a session whose access token just ran out.
 */
export function requireUser(
  auth: { tokens: TokenService; revocations: SessionRevocations },
  options: { allowExpired?: boolean } = {},
): RequestHandler {
  return async (req, res, next) => {
    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match) throw new PitchsideError('auth:unauthenticated');
    const claims = await auth.tokens.verifyAccess(match[1]!, options);
    if (await auth.revocations.isRevoked(claims.sessionId)) throw new PitchsideError('auth:session-revoked');
    res.locals.auth = {
      userId: claims.userId,
      sessionId: claims.sessionId,
      scope: claims.scope,
    } satisfies AuthContext;
    next();
  };
}

/**
 * After requireUser: the user must hold `scope` now. Read from the database rather than the token, so taking
 * a scope away takes effect at once (admin routes are few and rarely called).
 */
export function requireScope(
  scope: string,
  holds: (userId: string, scope: string) => Promise<boolean>,
): RequestHandler {
  return async (_req, res, next) => {
    if (!(await holds(authOf(res).userId, scope))) throw new PitchsideError('auth:forbidden');
    next();
  };
}

export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new PitchsideError('auth:unauthenticated');
  return auth;
}
