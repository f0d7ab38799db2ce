import { startTransition, StrictMode, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { writeCookie } from '@pitchside/shared/cookies';
import { guardParserChunks } from '../lib/envelope.ts';
import { loadNamespace, setBrowserI18n } from '../lib/i18n/browser-language.ts';
import type { Messages } from '../lib/i18n/namespaces.ts';
import { createI18n } from '../lib/i18n/create-i18n.ts';
import { TIME_ZONE_COOKIE, type Visit } from '../lib/visit.ts';
import type { BootData } from './boot.ts';
import { BOOT_DATA_ID, MESSAGES_DATA_ID, ROUTER_DATA_ID } from './data-blocks.ts';
import { Document } from './document.tsx';
import { loadGuarded } from './navigation/chunk-guard.ts';
import { routes } from './routes.tsx';

/**
 * Hydrates the server-rendered document: same messages, same data (the loaders' results came with the
 * HTML), same first page chunk (resolved before hydrating, so nothing suspends), then one live socket.
 * Loaded by entry-client.tsx once the browser has painted the server's HTML.
 */
async function hydrate(
  boot: BootData,
  messages: Messages,
  data: { boot: string; router: string },
): Promise<void> {
  const i18n = createI18n(boot.language, messages, loadNamespace);
  setBrowserI18n(i18n);

  const initial = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    initial.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      const resolved = await loadGuarded(() => lazy());
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
  // createBrowserRouter reads the loaders' results from here (and revives route errors itself).
  (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(data.router);
  const router = createBrowserRouter(routes);

  function App() {
    const [visit, setVisit] = useState<Visit>({
      config: boot.config,
      device: boot.device,
      timeZone: boot.timeZone,
    });
    useEffect(() => {
      // Tests (and curious developers) can tell a hydrated page from the server's HTML.
      document.documentElement.dataset.hydrated = 'true';
      // The server rendered times in the zone it knew; from now on use the browser's, and tell the server.
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone && zone !== boot.timeZone) {
        document.cookie = writeCookie(TIME_ZONE_COOKIE, zone, {
          maxAge: 31_536_000,
          path: '/',
          sameSite: 'lax',
        });
        setVisit((v) => ({ ...v, timeZone: zone }));
      }
      if (navigator.userAgent !== boot.userAgent) {
        // A page cached for another browser: read this one's user agent (the parser is its own chunk).
        void import('../lib/detect-device.ts').then(({ detectDevice }) =>
          setVisit((v) => ({ ...v, device: detectDevice(navigator.userAgent) })),
        );
      }
      // The socket (socket.io-client and the push schemas) is its own chunk, fetched once the page is
      // interactive: the first view needs none of it, everything live on it is already in the HTML.
      let stop: (() => void) | undefined;
      let stopped = false;
      void import('../features/live/api/live-connection.ts').then(({ startLiveConnection }) => {
        if (!stopped) stop = startLiveConnection({ pageRenderedAt: boot.renderedAt });
      });

      return () => {
        stopped = true;
        stop?.();
      };
    }, []);
    return (
      <Document boot={boot} visit={visit} i18n={i18n} data={data}>
        <RouterProvider router={router} />
      </Document>
    );
  }

  // Hydrating is the page's longest piece of work. As a transition React does it in slices, yielding to
  // the browser between them, instead of in one task that blocks input for as long as it takes (Next.js
  // hydrates the same way). What the visitor sees does not change: it is the server's HTML throughout.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/** Reads the page's data blocks and hydrates it. */
export function hydrateDocument(): Promise<void> {
  // Parsers are loaded when first needed (lib/envelope.ts); a parser chunk that fails to load is handled
  // like a page chunk that does.
  guardParserChunks((load) => loadGuarded(load));

  const bootText = document.getElementById(BOOT_DATA_ID)?.textContent;
  const routerText = document.getElementById(ROUTER_DATA_ID)?.textContent;
  const messagesBlock = document.getElementById(MESSAGES_DATA_ID);
  if (!bootText || !routerText || !messagesBlock?.textContent)
    throw new Error('The page has no boot data: it must be served by the Pitchside server');
  const messages = JSON.parse(messagesBlock.textContent) as Messages;
  messagesBlock.remove(); // not part of the React tree: the server added it after rendering
  return hydrate(JSON.parse(bootText) as BootData, messages, { boot: bootText, router: routerText });
}
