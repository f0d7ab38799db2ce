import type { Request, RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import { PitchsideError } from '@pitchside/shared/errors';

/**
 * The site's own origin as this gateway should trust it: PUBLIC_BASE_URL when configured; else the request's
 * own, which is only trustworthy on loopback (`npm start`, tests), since anywhere else a client names its Host.
 */
export function trustedOrigin(req: Request, publicBaseUrl: string | undefined): string | null {
  if (publicBaseUrl) return new URL(publicBaseUrl).origin;
  return LOOPBACK_HOSTS.has(req.hostname) ? `${req.protocol}://${req.host}` : null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

const LOOPBACK = proxyaddr.compile('loopback');

/**
 * Whether a client address is this host's (127.0.0.0/8, ::1, IPv4-mapped alike): the website's own server
 * render, a local tool, or a proxy nobody told the gateway to trust. Per-address limits leave it alone.
 */
export const isLoopbackAddress = (address: string): boolean => LOOPBACK(address, 0);

/**
 * Whether a cookie must be `Secure`: when the site is served over https, as PUBLIC_BASE_URL says (behind a TLS
 * proxy that Express was not told to trust, `req.secure` is false), or when this request came over https.
 */
export const secureCookie = (req: Request, publicBaseUrl: string | undefined): boolean =>
  publicBaseUrl?.startsWith('https:') === true || req.secure;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request must come from the site's own pages: `Sec-Fetch-Site: same-origin` where the
 * browser sends it, else an `Origin` equal to the site's (PUBLIC_BASE_URL, or the request's own host). A
 * request with neither is refused as well: every browser that can carry a victim's cookie sends one of them.
 * 403 `request:origin-forbidden` otherwise (OWASP's CSRF cheat sheet, "Verifying origin with standard headers").
 */
export function sameOriginOnly(publicBaseUrl: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site !== undefined) return next(site === 'same-origin' ? undefined : forbidden());
    const origin = req.get('origin');
    const own = publicBaseUrl ? new URL(publicBaseUrl).origin : `${req.protocol}://${req.get('host')}`;
    next(origin !== undefined && origin === own ? undefined : forbidden());
  };
}

const forbidden = () =>
  new PitchsideError('request:origin-forbidden', 'This request must come from the site’s own pages.');
