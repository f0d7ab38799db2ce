import type { IncomingHttpHeaders } from 'node:http';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { DEFAULT_REDIRECT_STATUS, LANGUAGE_COOKIE } from '@pitchside/shared/constants';
import type { RenderRequest, RenderResult } from '@pitchside/shared/site/render-contract';

export type { RenderRequest, RenderResult };
import { THEME_COOKIE, type BootData } from './app/boot.ts';
import { TIME_ZONE_COOKIE, type SiteConfig } from './lib/visit.ts';
import { scriptJson } from '@pitchside/shared/script-json';
import { readCookie } from '@pitchside/shared/cookies';
import { MESSAGES_DATA_ID } from './app/data-blocks.ts';
import { Document } from './app/document.tsx';
import { chooseLanguage, languageCookie, prefixPath, splitLanguage } from './lib/i18n/negotiate.ts';
import { pageModulePath, routes, type PageHandle } from './app/routes.tsx';
import { hasSessionHint } from './lib/session/session-keys.ts';
import { createApiClient, type LoaderContext } from './lib/api.ts';
import { detectDevice } from './lib/detect-device.ts';
import { createI18n } from './lib/i18n/create-i18n.ts';
import { messagesFor } from './lib/i18n/messages-server.ts';
import { ALWAYS_SENT, type Messages } from './lib/i18n/namespaces.ts';
import { trackUsedNamespaces } from './lib/i18n/used-namespaces.ts';
import { insertBeforeBodyEnd } from './server/insert-before-body-end.ts';

/** The slice of Vite's build manifest (dist/client/.vite/manifest.json) the renderer reads. */
export type ViteManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

export interface RendererOptions {
  manifest: ViteManifest;
  /** How the server reaches its own REST API (loopback), e.g. http://127.0.0.1:8080/api. */
  apiBase: string;
  /** Called with render errors that are not the page's own (those become the error page). */
  onError?: (error: unknown) => void;
}

const ENTRY = 'src/entry-client.tsx';
const { query, dataRoutes } = createStaticHandler(routes);

/**
 * Renders the site on the server: the URL strategy's redirects, the loaders (the same ones the browser
 * runs), then React's streaming renderer over the whole document. Browsers get the shell as soon as it is
 * ready; crawlers and link-preview bots get the complete document in one go. The page carries no inline
 * script: its boot data and the router's data travel as JSON data blocks the entry script reads, so the
 * Content-Security-Policy allows scripts from our origin only.
 */
export function createRenderer(options: RendererOptions) {
  const api = createApiClient(options.apiBase);
  const entry = options.manifest[ENTRY];
  if (!entry) throw new Error(`The client build has no ${ENTRY}: rebuild the website`);
  const entryFile = `/${entry.file}`;
  const css = collectCss(options.manifest, ENTRY).map((f) => `/${f}`);
  // The entry's one dynamic import: the module that hydrates the page (entry-client.tsx).
  const hydrating = entry.dynamicImports ?? [];

  /** `config`: this deployment's settings (public origin, third-party scripts). */
  return async function render(req: RenderRequest, config: SiteConfig): Promise<RenderResult> {
    const url = new URL(req.url, config.publicBaseUrl);
    const cookies = req.headers.cookie;
    const { language } = splitLanguage(url.pathname);

    if (!language) {
      const chosen = chooseLanguage(url.pathname, {
        cookie: readCookie(cookies, LANGUAGE_COOKIE.name),
        acceptLanguage: req.headers['accept-language'],
      });
      const headers: Record<string, string> = {
        Location: prefixPath(chosen, url.pathname, url.search),
        Vary: 'Cookie, Accept-Language',
        'Cache-Control': 'private, no-cache',
      };
      if (url.pathname === '/') headers['Set-Cookie'] = languageCookie(chosen);
      return { kind: 'redirect', status: DEFAULT_REDIRECT_STATUS, headers };
    }

    const timeZone = validTimeZone(readCookie(cookies, TIME_ZONE_COOKIE)) ?? 'UTC';
    const request = new Request(url, { headers: forwardable(req.headers) });
    const requestContext: LoaderContext = { api, timeZone, signedIn: hasSessionHint(cookies) };
    const context = await query(request, { requestContext });
    if (context instanceof Response) {
      const headers: Record<string, string> = { 'Cache-Control': 'private, no-cache' };
      const location = context.headers.get('Location');
      if (location) headers.Location = location;
      return { kind: 'redirect', status: context.status, headers };
    }

    const messages = messagesFor(language);
    const i18n = createI18n(language, messages);
    const usedNamespaces = trackUsedNamespaces(i18n);
    // Once the document has rendered: the namespaces it used, and those every page may need live.
    const messagesBlock = () => {
      const sent: Messages = {};
      for (const namespace of new Set([...ALWAYS_SENT, ...usedNamespaces]))
        sent[namespace] = messages[namespace];
      return `<script id="${MESSAGES_DATA_ID}" type="application/json">${scriptJson(sent)}</script>`;
    };
    const device = detectDevice(req.headers['user-agent']);
    const theme = readCookie(cookies, THEME_COOKIE);
    const boot: BootData = {
      language,
      config,
      device,
      userAgent: req.headers['user-agent'] ?? '',
      timeZone,
      theme: theme === 'dark' || theme === 'light' ? theme : null,
      renderedAt: new Date().toISOString(),
      assets: { entry: entryFile, ...pageAssets(options.manifest, context, css, hydrating) },
    };
    const visit = { config: boot.config, device, timeZone: boot.timeZone };
    const router = createStaticRouter(dataRoutes, context);
    const data = { boot: scriptJson(boot), router: scriptJson(hydrationData(context)) };

    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': language,
      Vary: 'Cookie, Accept-Encoding',
      'Cache-Control': 'private, no-cache',
    };
    if (readCookie(cookies, LANGUAGE_COOKIE.name) !== language)
      headers['Set-Cookie'] = languageCookie(language);

    return new Promise<RenderResult>((resolve, reject) => {
      let failed = false;
      const ready = () =>
        resolve({
          kind: 'page',
          status: failed ? 500 : context.statusCode,
          headers,
          pipe: (destination) => stream.pipe(insertBeforeBodyEnd(messagesBlock)).pipe(destination),
          abort: () => stream.abort(),
        });
      const stream = renderToPipeableStream(
        <Document boot={boot} visit={visit} i18n={i18n} data={data}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Document>,
        {
          bootstrapModules: [entryFile],
          // Never outline a large finished Suspense boundary (React moves those to the end of the stream,
          // put back in place by an inline script, which the site's CSP refuses): every boundary is
          // finished when the shell is, and stays where it is.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onShellReady() {
            if (!device.isCrawler) ready();
          },
          onAllReady() {
            if (device.isCrawler) ready();
          },
          onShellError(error) {
            options.onError?.(error);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
          onError(error) {
            failed = true;
            options.onError?.(error);
          },
        },
      );
    });
  };
}

/** Only what loaders may need from the visitor's request; cookies and credentials stay out. */
function forwardable(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const name of ['accept-language', 'user-agent'] as const) {
    const value = headers[name];
    if (typeof value === 'string') out.set(name, value);
  }
  return out;
}

function validTimeZone(zone: string | null): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

function collectCss(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((k) => collectCss(manifest, k, seen))];
}

/**
 * The stylesheets the first page needs, linked in the head (so a page's own CSS applies from the first
 * paint, not when its chunk runs), and the modules that hydrate it: the hydrating module, the page's
 * chunk and what they import, which the entry script preloads together once the page is painted.
 */
function pageAssets(
  manifest: ViteManifest,
  context: StaticHandlerContext,
  entryCss: string[],
  hydrating: string[],
): { css: string[]; preloads: string[] } {
  const files = new Set<string>();
  const css = new Set(entryCss);
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file) || chunk.isEntry) return;
    files.add(chunk.file);
    chunk.css?.forEach((f) => css.add(`/${f}`));
    chunk.imports?.forEach(visit);
  };
  hydrating.forEach(visit);
  const page = [...context.matches].reverse().find((m) => (m.route.handle as PageHandle | undefined)?.page);
  if (page) visit(`src/app/${pageModulePath((page.route.handle as PageHandle).page).slice(2)}`);
  return { css: [...css], preloads: [...files].map((f) => `/${f}`) };
}

/** What createBrowserRouter reads to hydrate without running the loaders again (errors made plain). */
function hydrationData(context: StaticHandlerContext) {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : error instanceof Error
              ? { message: error.message, __type: 'Error' }
              : error,
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}
