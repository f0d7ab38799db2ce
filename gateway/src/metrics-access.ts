import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import { PitchsideError } from '@pitchside/shared/errors';
import { sendError } from './rest/http-errors.ts';

/** Where Prometheus scrapes from when no token is set: this host, or the private network it shares. */
const PRIVATE = proxyaddr.compile(['loopback', 'uniquelocal', 'linklocal']);

/**
 * `/metrics` is for the operators' Prometheus, not the public (issue 17 §3). With METRICS_TOKEN, a scrape needs
 * `Authorization: Bearer <token>` (compared in constant time) from anywhere. Without it, only a direct
 * connection from a loopback or private address is answered: one that came through a proxy (it carries
 * `X-Forwarded-For` or `Forwarded`) is a visitor's, and nginx's configuration refuses /metrics anyway. Anyone
 * else gets the 404 any unknown address gets, so the endpoint is not even confirmed.
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (req, res, next) => {
    if (expected) {
      const given = Buffer.from(req.get('authorization') ?? '');
      if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(res, new PitchsideError('auth:unauthenticated', 'A scrape token is needed.'));
    }
    const proxied = req.get('x-forwarded-for') !== undefined || req.get('forwarded') !== undefined;
    const address = req.socket.remoteAddress ?? '';
    if (!proxied && PRIVATE(address, 0)) return next();
    next('route');
  };
}
