import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';

/** The renderer web/src/entry-server.tsx builds to web/dist/server/entry-server.js (typed here, not imported). */
interface SiteConfig {
  publicBaseUrl: string;
  tagManagerSrc: string | null;
  liveChatSrc: string | null;
}
type Render = (
  req: { url: string; headers: IncomingHttpHeaders },
  res: ServerResponse,
  site: SiteConfig & { nonce: string },
) => Promise<void>;
interface EntryServer {
  createRenderer(options: { manifest: unknown; apiBase: string; onError?: (error: unknown) => void }): Render;
}

export interface SiteOptions {
  /** web/dist: `client/` (assets and the Vite manifest) and `server/entry-server.js`. */
  webDist: string | undefined;
  publicBaseUrl?: string;
  tagManagerSrc?: string;
  liveChatSrc?: string;
  logger: Logger;
}

/** A fresh nonce per response, for the page's inline boot script under the Content-Security-Policy. */
export function cspNonce(res: ServerResponse & { locals?: Record<string, unknown> }): string {
  const locals = (res.locals ??= {});
  if (typeof locals.cspNonce !== 'string') locals.cspNonce = randomBytes(16).toString('base64');
  return locals.cspNonce as string;
}

/**
 * The website: fingerprinted assets cached for a year, other public files for an hour, and every other
 * GET rendered on the server by the web app's renderer (which also answers the URL strategy's redirects
 * and the 404s). Without a build, a one-line 503 says how to make one.
 */
export function site(options: SiteOptions): Router {
  const router = express.Router();
  const client = options.webDist ? path.join(options.webDist, 'client') : undefined;
  const serverEntry = options.webDist ? path.join(options.webDist, 'server', 'entry-server.js') : undefined;
  const manifestFile = client ? path.join(client, '.vite', 'manifest.json') : undefined;
  const pages = /^(?!\/api\/|\/socket\.io\/|\/metrics$).*/;

  if (!client || !serverEntry || !manifestFile || !existsSync(serverEntry) || !existsSync(manifestFile)) {
    router.get(pages, (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The website is not built yet: run `npm run build:web` (npm start does it for you).');
    });
    return router;
  }

  router.use(
    '/assets',
    express.static(path.join(client, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  router.use(express.static(client, { index: false, maxAge: '1h', dotfiles: 'ignore' }));

  const manifest: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
  let renderer: Promise<Render> | undefined;
  const rendererFor = (req: Request): Promise<Render> =>
    (renderer ??= (import(pathToFileURL(serverEntry).href) as Promise<EntryServer>).then((entry) =>
      entry.createRenderer({
        manifest,
        // Loaders reach our own REST API over loopback, on the address and port this request came in on.
        apiBase: `http://${hostFor(req.socket.localAddress)}:${req.socket.localPort}/api`,
        onError: (error) => options.logger.error({ err: error }, 'page render failed'),
      }),
    ));

  router.get(pages, async (req, res, next) => {
    try {
      const render = await rendererFor(req);
      await render({ url: req.originalUrl, headers: req.headers }, res, {
        publicBaseUrl: options.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
        tagManagerSrc: options.tagManagerSrc ?? null,
        liveChatSrc: options.liveChatSrc ?? null,
        nonce: cspNonce(res),
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}

function hostFor(address: string | undefined): string {
  if (!address || address === '::' || address === '0.0.0.0') return '127.0.0.1';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (v4) return v4;
  return address.includes(':') ? `[${address}]` : address;
}
