import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie } from '@pitchside/shared/cookies';
import { SOCIAL_FLOW_TTL_S } from './social-flow-store.ts';

/** The cookie that ties a social sign-in to the browser that started it. */
export const BINDING_COOKIE = 'ps_social';
const ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The binding id this browser sent, if it looks like one we issue (it becomes part of a Redis key). */
export function readBrowserId(req: Request): string | null {
  const value = readCookie(req.headers.cookie, BINDING_COOKIE);
  return value !== null && ID_FORMAT.test(value) ? value : null;
}

/**
 * Keeps the browser's binding id, or gives it one. The id is only a handle: it proves nothing alone, and a
 * flow needs it together with the provider's `state`. Keeping an existing id lets two tabs sign in at once.
 * HttpOnly so no script reads it; SameSite=Lax so it still comes along on the provider's top-level redirect
 * back; limited to the social routes.
 */
export function bindBrowser(req: Request, res: Response, options: { path: string; secure: boolean }): string {
  const id = readBrowserId(req) ?? randomBytes(32).toString('base64url');
  res.cookie(BINDING_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: options.path,
    maxAge: SOCIAL_FLOW_TTL_S * 1000,
  });
  return id;
}
