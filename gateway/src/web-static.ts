import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * Serves the built website: fingerprinted assets for a year, everything else falls back to index.html so the
 * client router takes over. (Server rendering arrives with the website issue; this is its seam.)
 */
export function webStatic(webDist: string | undefined): Router {
  const router = express.Router();
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!webDist || !index || !existsSync(index)) {
    router.get(/^(?!\/api\/|\/socket\.io\/).*/, (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The website is not built yet: run `npm run build:web` (npm start does it for you).');
    });
    return router;
  }
  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  router.use(express.static(webDist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/|\/socket\.io\/).*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
