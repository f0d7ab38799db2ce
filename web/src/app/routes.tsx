import type { ComponentType } from 'react';
import type {
  LoaderFunction,
  LoaderFunctionArgs,
  RouteObject,
  ShouldRevalidateFunction,
} from 'react-router-dom';
import { SITE_PAGES, type SitePage } from '@pitchside/shared/site';
import { loadRemainingNamespaces } from '../lib/i18n/browser-language.ts';
import { loadGuarded } from './navigation/chunk-guard.ts';
import { runMiddleware } from './navigation/middleware.ts';
import { Root, RootError, rootLoader, shouldRootRevalidate } from './root.tsx';
import { SiteError, SiteLayout } from './layouts/site-layout.tsx';

/** What a file in app/pages exports: the page, and the loader that fetches its data (server and browser). */
export interface PageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
  /** When the page's loader should run again (react-router's default: any change of URL or params). */
  shouldRevalidate?: ShouldRevalidateFunction;
}

/** One chunk per page, loaded when the page is first visited (and preloaded by the server for the first). */
export const pageModules = import.meta.glob<PageModule>('./pages/*.tsx');

export const pageModulePath = (page: Pick<SitePage, 'id'>): string => `./pages/${page.id}.tsx`;

export interface PageHandle {
  page: SitePage;
}

function pageRoute(page: SitePage): RouteObject {
  const importer = pageModules[pageModulePath(page)];
  if (!importer) throw new Error(`No page module at app/pages/${page.id}.tsx`);
  const handle: PageHandle = { page };
  const loader = async (args: LoaderFunctionArgs) => {
    runMiddleware([page.middleware], args);
    const url = new URL(args.request.url);
    // A chunk that fails to load sends the browser to the page it was going to, once (chunk-guard.ts).
    // The page's strings too: in the browser, the namespaces the first page's HTML did not carry.
    const target = `${url.pathname}${url.search}${url.hash}`;
    const [module] = await Promise.all([
      loadGuarded(importer, target),
      loadGuarded(loadRemainingNamespaces, target),
    ]);
    return module.loader ? module.loader(args) : null;
  };
  const lazy = async () => {
    const { Component, shouldRevalidate } = await importer();
    return shouldRevalidate ? { Component, shouldRevalidate } : { Component };
  };
  return page.path === ''
    ? { id: page.id, index: true, handle, loader, lazy }
    : { id: page.id, path: page.path, handle, loader, lazy };
}

/** Anything under a language prefix that is not a page: the spec's 404 'This page could not be found'. */
const notFoundRoute: RouteObject = {
  id: 'not-found',
  path: '*',
  loader: () => {
    throw new Response('This page could not be found', { status: 404, statusText: 'Not Found' });
  },
  // Never shown: the loader always throws, so the site layout's error page renders instead.
  Component: () => null,
};

/**
 * The site map: every page of the catalogue under its language prefix (/de/live-matches). Bare paths never
 * reach the router: the server redirects them to their prefixed address first.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/:lang',
    loader: rootLoader,
    shouldRevalidate: shouldRootRevalidate,
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      {
        id: 'site',
        Component: SiteLayout,
        ErrorBoundary: SiteError,
        children: [...SITE_PAGES.map(pageRoute), notFoundRoute],
      },
    ],
  },
];
