import { useEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import { useSessionRedirects } from '../features/auth/hooks/use-session-redirects.ts';
import { useSessionRuntime } from '../features/auth/hooks/use-session-runtime.ts';
import { hasSessionHint } from '../lib/session/session-keys.ts';
import { ToastRegion } from '../components/toast-region.tsx';
import type { LoaderContext } from '../lib/api.ts';
import { switchBrowserLanguage } from '../lib/i18n/browser-language.ts';
import { isLanguage } from '../lib/i18n/negotiate.ts';
import { LoadingBar } from './chrome/loading-bar.tsx';
import { ErrorPage } from './errors/error-page.tsx';
import { useConnectivity } from './chrome/use-connectivity.ts';
import type { PageHandle } from './routes.tsx';

/**
 * The language prefix is the root route. Its loader is where a language switch happens in the browser:
 * the new language's messages load before the page moves, so the next page renders in it at once.
 */
export async function rootLoader({ params, context }: LoaderFunctionArgs) {
  const { lang } = params;
  if (!isLanguage(lang)) throw new Response('This page could not be found', { status: 404 });
  await switchBrowserLanguage(lang);
  // Whether the visitor's cookie says signed in: the header's guess until the browser reads its session.
  const signedIn =
    (context as Partial<LoaderContext> | undefined)?.signedIn ??
    (typeof document !== 'undefined' && hasSessionHint(document.cookie));
  return { lang, signedIn };
}

export const shouldRootRevalidate = ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean =>
  currentParams.lang !== nextParams.lang;

/** Everything every page shares: the loading bar, scroll restoration, connectivity (the deferred third-party scripts are the entry script's). */
export function Root() {
  useConnectivity();
  useSessionRuntime();
  useSessionRedirects(useSessionPlace());
  useEffect(() => {
    // The spec's back-navigation contract: manual while the app runs, auto before the page unloads.
    const toAuto = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', toAuto);
    window.addEventListener('beforeunload', toAuto);
    return () => {
      window.removeEventListener('pagehide', toAuto);
      window.removeEventListener('beforeunload', toAuto);
    };
  }, []);
  return (
    <>
      <LoadingBar />
      <Outlet />
      <ToastRegion />
      <ScrollRestoration />
    </>
  );
}

/** The page showing now, as the session redirects need it: its middleware, language and address. */
function useSessionPlace() {
  const matches = useMatches();
  const location = useLocation();
  const page = matches.map((m) => (m.handle as PageHandle | undefined)?.page).findLast(Boolean);
  const lang = (matches[0]?.params.lang as string | undefined) ?? 'en';
  return { page: page?.middleware ?? null, lang, here: `${location.pathname}${location.search}` };
}

/** The last resort: the prefix itself was not a language, or the site layout failed. */
export function RootError() {
  const error = useRouteError();
  return (
    <main className="page page--bare" id="main">
      <ErrorPage error={error} />
    </main>
  );
}

export const isNotFound = (error: unknown): boolean => isRouteErrorResponse(error) && error.status === 404;
