import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import type { SocialLinks } from '@pitchside/shared/contact/constants';
import { PageCache, type CachedPage } from './page-cache.ts';

/** The renderer web/src/entry-server.tsx builds to web/dist/server/entry-server.js (typed here, not imported). */
interface SiteConfig {
  publicBaseUrl: string;
  tagManagerSrc: string | null;
  liveChatSrc: string | null;
  supportEmail: string;
  social: SocialLinks;
}
type RenderResult =
  | { kind: 'redirect'; status: number; headers: Record<string, string> }
  | {
      kind: 'page';
      status: number;
      headers: Record<string, string>;
      pipe<W extends NodeJS.WritableStream>(destination: W): W;
      abort(): void;
    };
type Render = (
  req: { url: string; headers: IncomingHttpHeaders },
  config: SiteConfig,
) => Promise<RenderResult>;
interface EntryServer {
  createRenderer(options: { manifest: unknown; apiBase: string; onError?: (error: unknown) => void }): Render;
}

/** Pages rendered within this long are served again to an identical request (see page-cache.ts). */
const PAGE_CACHE_TTL_MS = 3000;
const PAGE_CACHE_ENTRIES = 500;

export interface SiteOptions {
  /** web/dist: `client/` (assets and the Vite manifest) and `server/entry-server.js`. */
  webDist: string | undefined;
  publicBaseUrl?: string;
  tagManagerSrc?: string;
  liveChatSrc?: string;
  /** The support address and social links every page's footer shows (SUPPORT_EMAIL, SOCIAL_*_URL). */
  supportEmail: string;
  social: SocialLinks;
  logger: Logger;
}

/**
 * The website: fingerprinted assets cached for a year, other public files for an hour, and every other
 * GET rendered on the server by the web app's renderer (which also answers the URL strategy's redirects
 * and the 404s), through a three-second micro-cache. Without a build, a one-line 503 says how to make one.
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
  const rendererFor = (req: Request): Promise<Render> => {
    if (renderer) return renderer;
    // Loaders reach our own REST API over loopback, on the address and port this request came in on. A
    // request whose connection is already gone has no local port: it must not fix the address for good.
    const port = req.socket.localPort;
    if (port === undefined)
      return Promise.reject(new Error('the connection closed before the page rendered'));
    const apiBase = `http://${hostFor(req.socket.localAddress)}:${port}/api`;
    return (renderer = (import(pathToFileURL(serverEntry).href) as Promise<EntryServer>).then((entry) =>
      entry.createRenderer({
        manifest,
        apiBase,
        onError: (error) => options.logger.error({ err: error }, 'page render failed'),
      }),
    ));
  };

  const cache = new PageCache(PAGE_CACHE_TTL_MS, PAGE_CACHE_ENTRIES);

  router.get(pages, async (req, res, next) => {
    try {
      const render = await rendererFor(req);
      const config: SiteConfig = {
        publicBaseUrl: options.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
        tagManagerSrc: options.tagManagerSrc ?? null,
        liveChatSrc: options.liveChatSrc ?? null,
        supportEmail: options.supportEmail,
        social: options.social,
      };
      const request = { url: req.originalUrl, headers: req.headers };
      const { page } = cache.get(cacheKey(req, config), async () => {
        const result = await render(request, config);
        if (result.kind === 'redirect')
          return { status: result.status, headers: result.headers, body: EMPTY };
        return streamAndKeep(result, res);
      });
      const cached = await page;
      // The request that rendered has streamed its page already; the others get the kept bytes.
      if (!res.headersSent) send(res, cached, req.acceptsEncodings('gzip') === 'gzip');
    } catch (error) {
      next(error);
    }
  });
  return router;
}

const EMPTY = Buffer.alloc(0);

/** What makes two requests get the same page: address, host, and the cookies and browser it renders for. */
function cacheKey(req: Request, config: SiteConfig): string {
  const cookies = req.headers.cookie ?? '';
  const cookie = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies)?.[1] ?? '';
  return [
    config.publicBaseUrl,
    req.originalUrl,
    req.headers['user-agent'] ?? '',
    req.headers['accept-language'] ?? '',
    cookie('i18n_redirected'),
    cookie('theme'),
    cookie('tz'),
    // Signed-in visitors get another shell (guest-only and account pages redirect the other way).
    cookie('auth\\.signed_in'),
  ].join('\n');
}

/** Streams a rendered page to the visitor who asked for it while keeping its bytes for the next ones. */
function streamAndKeep(
  result: Extract<RenderResult, { kind: 'page' }>,
  res: ServerResponse,
): Promise<CachedPage> {
  res.statusCode = result.status;
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  const chunks: Buffer[] = [];
  const tee = new PassThrough();
  tee.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    if (!res.destroyed) res.write(chunk);
  });
  return new Promise((resolve, reject) => {
    tee.on('end', () => {
      if (!res.destroyed) res.end();
      resolve({ status: result.status, headers: result.headers, body: Buffer.concat(chunks) });
    });
    tee.on('error', reject);
    result.pipe(tee);
  });
}

/** Sends a kept page; compressed once per page, not once per visitor (the compression middleware then
 * leaves a response that already has a Content-Encoding alone). */
const gzipped = new WeakMap<CachedPage, Buffer>();
function send(res: ServerResponse, page: CachedPage, gzip: boolean): void {
  res.statusCode = page.status;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  if (!gzip || page.body.length < 1024) {
    res.end(page.body);
    return;
  }
  let body = gzipped.get(page);
  if (!body) {
    body = gzipSync(page.body);
    gzipped.set(page, body);
  }
  res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

function hostFor(address: string | undefined): string {
  if (!address || address === '::' || address === '0.0.0.0') return '127.0.0.1';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (v4) return v4;
  return address.includes(':') ? `[${address}]` : address;
}
