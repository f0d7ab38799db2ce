import { useEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import { switchBrowserLanguage } from '../lib/i18n/browser-language.ts';
import { isLanguage } from './language/negotiate.ts';
import { LoadingBar } from './chrome/loading-bar.tsx';
import { ErrorPage } from './errors/error-page.tsx';
import { useThirdPartyScripts } from './chrome/third-party-scripts.ts';
import { useConnectivity } from './chrome/use-connectivity.ts';
import { useVisit } from './boot.ts';

/**
 * The language prefix is the root route. Its loader is where a language switch happens in the browser:
 * the new language's messages load before the page moves, so the next page renders in it at once.
 */
export async function rootLoader({ params }: LoaderFunctionArgs) {
  const { lang } = params;
  if (!isLanguage(lang)) throw new Response('This page could not be found', { status: 404 });
  await switchBrowserLanguage(lang);
  return { lang };
}

export const shouldRootRevalidate = ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean =>
  currentParams.lang !== nextParams.lang;

/** Everything every page shares: the loading bar, scroll restoration, connectivity and deferred scripts. */
export function Root() {
  const { config } = useVisit();
  useConnectivity();
  useThirdPartyScripts(config);
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
      <ScrollRestoration />
    </>
  );
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
