import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { detectDevice } from '../../lib/detect-device.ts';
import { createI18n } from '../../lib/i18n/create-i18n.ts';
import common from '../../locales/en/common.json';
import pages from '../../locales/en/pages.json';
import { VisitContext } from '../../lib/visit.ts';
import { describeError, ErrorPage, ErrorPageFallback } from './error-page.tsx';

function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}

/** Renders /en/page through a real static router whose loader throws `thrown`, as the server does. */
async function renderFailing(thrown: unknown): Promise<{ status: number; html: string }> {
  const routes: RouteObject[] = [
    {
      path: '/:lang/page',
      loader: () => {
        throw thrown;
      },
      Component: () => null,
      ErrorBoundary: RouteErrorPage,
    },
  ];
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request('http://pitchside.test/en/page'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const visit = {
    config: { publicBaseUrl: 'https://pitchside.example', tagManagerSrc: null, liveChatSrc: null },
    device: detectDevice(''),
    timeZone: 'UTC',
  };
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={createI18n('en', { common, pages })}>
      <VisitContext.Provider value={visit}>
        <StaticRouterProvider
          router={createStaticRouter(dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </VisitContext.Provider>
    </I18nextProvider>,
  );
  return { status: context.statusCode, html };
}

describe('the error page (SPEC 8)', () => {
  it("says 'This page could not be found' with status 404 for a missing page", async () => {
    const { status, html } = await renderFailing(
      new Response('This page could not be found', { status: 404 }),
    );
    expect(status).toBe(404);
    expect(html).toContain('This page could not be found');
    expect(html).toContain('data-status="404"');
    expect(html).toContain('href="/en"');
  });

  it('shows the message and status of an error, falling back to 500', async () => {
    const teapot = await renderFailing(new Response('Out of tea', { status: 418 }));
    expect(teapot.status).toBe(418);
    expect(teapot.html).toContain('Out of tea');
    const crash = await renderFailing(new Error('Database on fire'));
    expect(crash.status).toBe(500);
    expect(crash.html).toContain('Database on fire');
    expect(crash.html).toContain('data-status="500"');
    expect(describeError('weird')).toEqual({ status: 500, message: 'Internal error' });
  });

  it("names an unregistered middleware with 500 'Unknown middleware'", async () => {
    const { status, html } = await renderFailing(
      new Response('Unknown middleware: vip', { status: 500, statusText: 'Unknown middleware' }),
    );
    expect(status).toBe(500);
    expect(html).toContain('Unknown middleware: vip');
  });

  it("falls back to the spec's message, the details and a link home when the error page itself fails", () => {
    // What React does when the error page throws in the browser: derive the state, render the fallback.
    const fallback = (original: unknown) => {
      const boundary = new ErrorPageFallback({ error: original, children: null });
      boundary.state = ErrorPageFallback.getDerivedStateFromError(new Error('the error page broke'));
      return renderToStaticMarkup(boundary.render());
    };
    const html = fallback(new Error('original'));
    expect(html).toContain(
      'Unfortunately an error occurred and while showing the error page another error occurred',
    );
    expect(html).toContain('<summary>Error details</summary>');
    expect(html).toContain('500: original\n500: the error page broke');
    expect(html).toContain('<a class="button" href="/">Go back to home</a>');
    expect(fallback(null)).toContain('An error occurred while showing the error page');
  });
});
