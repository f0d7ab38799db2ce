/**
 * The embeddable live-score widget (SPEC: an embeddable widget; issue 6 section 3):
 * - GET /embed/scores?scope=live|competition|team&id=&theme=&lang=&size=: the widget itself, a small page
 *   rendered here with the current scores; the only page any site may frame;
 * - GET /widget.js: the host page's loader for the script snippet (widget-loader.js).
 * The embed's script connects to our socket from our own origin (the frame's), so the socket's origin rule
 * stays as it is: only read-only scoreboard subscriptions are ever made from it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { PitchsideError, type ErrorCode } from '@pitchside/shared/errors';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import { cacheFor, LIVE_SECONDS } from '../rest/cache-control.ts';
import { requestLog } from '../rest/request-id.ts';
import { readEmbedBoard } from './embed-board.ts';
import { EmbedOptionsSchema, languageOf } from './embed-options.ts';
import { embedErrorPage, embedPage } from './embed-page.ts';
import { DEFAULT_LOCALES_DIR, loadEmbedMessages } from './widget-messages.ts';

export interface WidgetRoutesOptions {
  matches: MatchReads;
  reference: ReferenceReads;
  /** The built website: its embed manifest names the embed's script. Without it the embed has no script. */
  webDist?: string;
  publicBaseUrl?: string;
  localesDir?: string;
  now?: () => number;
  logger: Logger;
}

/** The embed script's entry in the web build (web/vite.config.ts builds it on its own). */
const EMBED_ENTRY = 'src/embed/embed-client.ts';
const EMBED_MANIFEST = path.join('client', '.vite', 'embed-manifest.json');
const LOADER_FILE = fileURLToPath(new URL('./widget-loader.js', import.meta.url));
/** The loader's address never changes, so it is cached for an hour and revalidated by its ETag. */
const LOADER_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

const STATUS: Partial<Record<ErrorCode, number>> = {
  'request:invalid': 400,
  'competition:not-found': 404,
  'team:not-found': 404,
};

/**
 * Any site may frame the embed: helmet's same-origin rules (X-Frame-Options, frame-ancestors) are lifted
 * here and nowhere else, and its resource policy lets other sites load it.
 */
const frameableAnywhere: RequestHandler = (_req, res, next) => {
  res.removeHeader('X-Frame-Options');
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string') {
    res.setHeader('Content-Security-Policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

export function widgetRoutes(options: WidgetRoutesOptions): Router {
  const router = Router();
  const messages = loadEmbedMessages(options.localesDir ?? DEFAULT_LOCALES_DIR);
  const now = options.now ?? Date.now;
  const loader = readFileSync(LOADER_FILE, 'utf8');
  const scriptSrc = embedScript(options.webDist);

  router.get('/widget.js', (_req, res) => {
    res.set({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': LOADER_CACHE,
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    });
    res.send(loader);
  });

  router.use('/embed', frameableAnywhere);
  router.get('/embed/scores', async (req, res, next) => {
    const lang = languageOf(req.query);
    try {
      const parsed = EmbedOptionsSchema.safeParse(req.query);
      if (!parsed.success) {
        throw new PitchsideError(
          'request:invalid',
          'The widget options are not valid.',
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
        );
      }
      const nowMs = now();
      const board = await readEmbedBoard(options, parsed.data, nowMs);
      cacheFor(LIVE_SECONDS)(req, res, () => {});
      res.type('html').send(
        embedPage({
          options: parsed.data,
          board,
          messages: messages(parsed.data.lang),
          siteUrl: siteUrl(req, options.publicBaseUrl),
          scriptSrc: scriptSrc(),
          nowMs,
        }),
      );
    } catch (error) {
      const status = error instanceof PitchsideError ? STATUS[error.code] : undefined;
      if (!status || !(error instanceof PitchsideError)) return next(error);
      requestLog(res, options.logger).info({ code: error.code, issues: error.issues }, 'embed refused');
      res
        .status(status)
        .set('Cache-Control', 'no-store')
        .type('html')
        .send(embedErrorPage({ lang }, messages(lang), error.code));
    }
  });
  return router;
}

function siteUrl(req: Request, publicBaseUrl: string | undefined): string {
  return (publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');
}

/** The embed script's path from the web build's embed manifest, read once it exists. */
function embedScript(webDist: string | undefined): () => string | null {
  let found: string | null = null;
  return () => {
    if (found || !webDist) return found;
    const file = path.join(webDist, EMBED_MANIFEST);
    if (!existsSync(file)) return null;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file?: string }>;
    const entry = manifest[EMBED_ENTRY]?.file;
    found = entry ? `/${entry}` : null;
    return found;
  };
}
