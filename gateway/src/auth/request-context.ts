import express, { type Request, type RequestHandler } from 'express';
import type { RequestContext } from './social/social-profile.ts';

/** Where a request came from, as recorded on sessions and in the audit log. */
export const requestContext = (req: Request): RequestContext => ({
  userAgent: req.get('user-agent') ?? null,
  ip: req.ip ?? null,
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The origin links in mails point to: PUBLIC_BASE_URL when configured; else the request's own origin, but only
 * when it is trusted (loopback, or an allowed origin), since the Host header is the caller's to choose and a
 * forged one would send a victim's reset token to the forger (password-reset poisoning).
 */
export function linkBase(
  req: Request,
  options: { publicBaseUrl?: string; allowedOrigins?: readonly string[] },
) {
  if (options.publicBaseUrl) return options.publicBaseUrl.replace(/\/+$/, '');
  const origin = `${req.protocol}://${req.host}`;
  if (LOOPBACK.has(req.hostname) || options.allowedOrigins?.includes(origin)) return origin;
  return null;
}

/** Account answers are personal: never stored by a cache. Bodies are small JSON. */
export const accountRequests: RequestHandler[] = [
  (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  },
  express.json({ limit: '16kb' }),
];
