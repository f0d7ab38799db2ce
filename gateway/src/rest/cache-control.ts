import type { RequestHandler } from 'express';

/**
 * Cache lifetimes by how fast the data moves. Express adds a weak ETag to every JSON answer and answers
 * a matching If-None-Match with 304 by itself, so revalidation is cheap for clients and CDNs.
 */
export const cacheFor =
  (seconds: number): RequestHandler =>
  (_req, res, next) => {
    res.set('Cache-Control', `public, max-age=${seconds}, stale-while-revalidate=${seconds * 2}`);
    next();
  };

export const LIVE_SECONDS = 2;
export const FIXTURES_SECONDS = 15;
export const REFERENCE_SECONDS = 300;
