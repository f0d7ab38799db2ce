import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { SocialLinks } from '@pitchside/shared/contact/constants';
import { readCookies, SITE_COOKIES } from '@pitchside/shared/cookies';
import { PageCache, type CachedPage, type ProducePage } from './page-cache.ts';
import { RenderPool, type RenderRequest, type RenderResult } from './render-pool.ts';

/**
 * The renderer web/src/entry-server.tsx builds to web/dist/server/entry-server.js (typed here, not imported;
 * its request and result types are the render pool's).
 */
interface SiteConfig {
  publicBaseUrl: string;
  tagManagerSrc: string | null;
  liveChatSrc: string | null;
  supportEmail: string;
  social: SocialLinks;
}
type Render = (req: RenderRequest, config: SiteConfig) => Promise<RenderResult>;
interface EntryServer {
  createRenderer(options: { manifest: unknown; apiBase: string; onError?: (error: unknown) => void }): Render;
}

/** Pages rendered within this long are served again to an identical request (see page-cache.ts). */
const PAGE_CACHE_FRESH_MS = 3000;
/** Then for this long more they are served at once while one background render refreshes them. */
const PAGE_CACHE_STALE_MS = 10_000;
const PAGE_CACHE_ENTRIES = 500;

export interface SiteOptions {
  /** web/dist: `client/` (assets and the Vite manifest) and `server/entry-server.js`. */
  webDist: string | undefined;
  publicBaseUrl?: string;
  tagManagerSrc?: string;
  liveChatSrc?: string;
  /**
   * Threads rendering pages (render-pool.ts); 0 renders on the gateway's own thread. Default: one per
   * core beyond the first, at least one.
   */
  renderThreads?: number;
  /** The support address and social links every page's footer shows (SUPPORT_EMAIL, SOCIAL_*_URL). */
  supportEmail: string;
  social: SocialLinks;
  logger: Logger;
}

/**
 * The website: fingerprinted assets cached for a year, other public files for an hour, and every other
 * GET rendered on the server by the web app's renderer (which also answers the URL strategy's redirects
 * and the 404s), through a micro-cache (fresh for three seconds, then served stale while it refreshes). Without a build, a one-line 503 says how to make one.
 */
export function site(options: SiteOptions): Website {
  const router = express.Router();
  const threads = options.renderThreads ?? defaultRenderThreads();
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
    return { router, keptPages: (_req, _res, next) => next(), close: async () => {} };
  }

  router.use(
    '/assets',
    express.static(path.join(client, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  // Public files (favicon, robots, share images) all have an extension; pages never do, so a page request
  // does not cost a file-system lookup first.
  const publicFiles = express.static(client, { index: false, maxAge: '1h', dotfiles: 'ignore' });
  router.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));

  const manifest: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
  let renderer: Promise<Render> | undefined;
  let pool: RenderPool | undefined;
  const rendererFor = (req: Request): Promise<Render> => {
    if (renderer) return renderer;
    // Loaders reach our own REST API over loopback, on the address and port this request came in on. A
    // request whose connection is already gone has no local port: it must not fix the address for good.
    const port = req.socket.localPort;
    if (port === undefined)
      return Promise.reject(new Error('the connection closed before the page rendered'));
    const apiBase = `http://${hostFor(req.socket.localAddress)}:${port}/api`;
    const onError = (error: unknown) => options.logger.error({ err: error }, 'page render failed');
    if (threads > 0) {
      const renderPool = new RenderPool({ threads, serverEntry, manifest, apiBase, logger: options.logger });
      pool = renderPool;
      return (renderer = Promise.resolve((request, config) => renderPool.render(request, config)));
    }
    return (renderer = (import(pathToFileURL(serverEntry).href) as Promise<EntryServer>).then((entry) =>
      entry.createRenderer({ manifest, apiBase, onError }),
    ));
  };

  const cache = new PageCache(PAGE_CACHE_FRESH_MS, PAGE_CACHE_STALE_MS, PAGE_CACHE_ENTRIES);
  const configFor = (req: Request): SiteConfig => ({
    publicBaseUrl: options.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    tagManagerSrc: options.tagManagerSrc ?? null,
    liveChatSrc: options.liveChatSrc ?? null,
    supportEmail: options.supportEmail,
    social: options.social,
  });
  /** Renders `req`'s page, streaming it to `res` meanwhile unless it is a background refresh. */
  const produce =
    (req: Request, config: SiteConfig, res?: Response): ProducePage =>
    async (background) => {
      const render = await rendererFor(req);
      const result = await render({ url: req.originalUrl, headers: req.headers }, config).catch(
        (error: unknown) => {
          if (background) options.logger.warn({ err: error }, 'background page refresh failed');
          throw error;
        },
      );
      if (result.kind === 'redirect') return { status: result.status, headers: result.headers, body: EMPTY };
      return keep(result, background ? undefined : res);
    };

  router.get(pages, async (req, res, next) => {
    try {
      const config = configFor(req);
      const cached = await cache.get(cacheKey(req, config), produce(req, config, res)).page;
      // The request that rendered has streamed its page already; the others get the kept bytes.
      if (!res.headersSent) await send(res, cached, req.acceptsEncodings('gzip') === 'gzip');
    } catch (error) {
      next(error);
    }
  });

  const keptPages: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !pages.test(req.path) || FILE_NAME.test(req.path))
      return next();
    const config = configFor(req);
    const page = cache.kept(cacheKey(req, config), produce(req, config));
    if (!page) return next();
    res.locals.routeLabel = 'page';
    send(res, page, req.acceptsEncodings('gzip') === 'gzip').catch(next);
  };
  return { router, keptPages, close: async () => pool?.close() };
}

export interface Website {
  /** The built site's files and pages, mounted after every other route. */
  router: Router;
  /**
   * Answers a page request at once from the micro-cache when its page is kept, mounted before the other
   * routes, so a crowd on a page costs neither their walk nor the compression middleware's wrapping. Only
   * pages the router rendered are kept, and it rendered them because no route before it answered their
   * address; those routes answer by address alone, so answering the kept pages first changes no answer.
   */
  keptPages: RequestHandler;
  /** Stops the render threads. */
  close(): Promise<void>;
}

/** One render thread per core beyond the first (which answers requests), at least one, at most four. */
function defaultRenderThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

const EMPTY = Buffer.alloc(0);
/** A path whose last segment has an extension: what a public file's name looks like. */
const FILE_NAME = /\.[A-Za-z0-9]+$/;
const gzipAsync = promisify(gzip);

/** What makes two requests get the same page: address, host, and the cookies and browser it renders for. */
function cacheKey(req: Request, config: SiteConfig): string {
  const cookies = readCookies(req.headers.cookie);
  return [
    config.publicBaseUrl,
    req.originalUrl,
    req.headers['user-agent'] ?? '',
    req.headers['accept-language'] ?? '',
    // Read as the renderer reads them (decoded), so `tz=Europe%2FBerlin` and `tz=Europe/Berlin` are one page.
    ...KEY_COOKIES.map((name) => cookies[name] ?? ''),
  ].join('\n');
}
/** The cookies a page renders differently for; signed-in visitors get another shell. */
const KEY_COOKIES = [
  SITE_COOKIES.language,
  SITE_COOKIES.theme,
  SITE_COOKIES.timeZone,
  SITE_COOKIES.sessionHint,
];

/**
 * Keeps a rendered page's bytes for the next requests, streaming it meanwhile to the visitor who asked for
 * it (`res`; none for a background refresh).
 */
function keep(result: Extract<RenderResult, { kind: 'page' }>, res?: ServerResponse): Promise<CachedPage> {
  if (res) {
    res.statusCode = result.status;
    for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  }
  const chunks: Buffer[] = [];
  const tee = new PassThrough();
  tee.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    if (res && !res.destroyed) res.write(chunk);
  });
  return new Promise((resolve, reject) => {
    tee.on('end', () => {
      if (res && !res.destroyed) res.end();
      resolve({ status: result.status, headers: result.headers, body: Buffer.concat(chunks) });
    });
    tee.on('error', reject);
    result.pipe(tee);
  });
}

/**
 * Sends a kept page; compressed once per page, not once per visitor, and off the event loop (the
 * compression middleware then leaves a response that already has a Content-Encoding alone).
 */
const gzipped = new WeakMap<CachedPage, Promise<Buffer>>();
async function send(res: Response, page: CachedPage, gzip: boolean): Promise<void> {
  if (!gzip || page.body.length < 1024) {
    writeHead(res, page);
    res.end(page.body);
    return;
  }
  let compressed = gzipped.get(page);
  if (!compressed) {
    compressed = gzipAsync(page.body);
    gzipped.set(page, compressed);
  }
  const body = await compressed;
  if (res.destroyed || res.headersSent) return;
  writeHead(res, page);
  res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

function writeHead(res: Response, page: CachedPage): void {
  res.statusCode = page.status;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
}

function hostFor(address: string | undefined): string {
  if (!address || address === '::' || address === '0.0.0.0') return '127.0.0.1';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (v4) return v4;
  return address.includes(':') ? `[${address}]` : address;
}
