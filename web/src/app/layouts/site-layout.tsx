import type { ReactNode } from 'react';
import { Outlet, useMatches, useRouteError } from 'react-router-dom';
import type { PageLayout } from '@pitchside/shared/site';
import { SiteFooter } from '../chrome/site-footer.tsx';
import { SiteHeader } from '../chrome/site-header.tsx';
import { ConnectivityBanner } from '../chrome/connectivity-banner.tsx';
import { ErrorPage } from '../errors/error-page.tsx';
import type { PageHandle } from '../routes.tsx';
import { AccountNav } from './account-nav.tsx';

/** The layout the deepest matched page asks for (SPEC 2: auth, default, empty, home, user). */
function useLayout(): PageLayout {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.page) return handle.page.layout;
  }
  return 'default';
}

export function Frame({ layout, children }: { layout: PageLayout; children: ReactNode }) {
  if (layout === 'empty') {
    return (
      <main className="page page--empty" id="main">
        {children}
      </main>
    );
  }
  return (
    <div className={`layout layout--${layout}`}>
      <SiteHeader slim={layout === 'auth'} />
      <ConnectivityBanner />
      {layout === 'user' ? (
        <div className="page page--user">
          <AccountNav />
          <main id="main">{children}</main>
        </div>
      ) : (
        <main className={`page page--${layout}`} id="main">
          {children}
        </main>
      )}
      <SiteFooter />
    </div>
  );
}

/** Wraps every page in the frame its catalogue entry names. */
export function SiteLayout() {
  return (
    <Frame layout={useLayout()}>
      <Outlet />
    </Frame>
  );
}

/** A page that failed (404, a loader's error, a render error) shows the error page inside the frame. */
export function SiteError() {
  const error = useRouteError();
  return (
    <Frame layout="default">
      <ErrorPage error={error} />
    </Frame>
  );
}
