import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSessionStore } from '../../../lib/session/session-store.ts';

// The signed-in menu is its own chunk: an anonymous visitor's first view never downloads it.
const SessionMenu = lazy(() => import('./session-menu.tsx').then((m) => ({ default: m.SessionMenu })));

interface SessionCornerProps {
  /** The server's guess from the cookie hint, used until the browser has read its storage (hydration). */
  hint: boolean;
  /** Builds a path under the current language prefix. */
  to: (path: string) => string;
}

/**
 * The header's account corner: "Sign in" for a guest (with the way back to this page), the signed-in
 * visitor's menu otherwise. Until the browser has read the session the server's hint decides, so
 * hydration matches the HTML and a signed-in visitor never sees "Sign in" flash.
 */
export function SessionCorner({ hint, to }: SessionCornerProps) {
  const { t } = useTranslation();
  const restored = useSessionStore((s) => s.restored);
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const user = useSessionStore((s) => s.user);
  const location = useLocation();

  if (!(restored ? loggedIn : hint)) {
    const here = `${location.pathname}${location.search}`;
    // The way back after signing in; not from the sign-in pages themselves.
    const back = /\/(login|register|reset|auth\/reset-password)$/.test(location.pathname)
      ? ''
      : `?redirect=${encodeURIComponent(here)}`;
    return (
      <Link className="button button--small" to={`${to('/login')}${back}`} data-testid="sign-in-link">
        {t('nav.signIn')}
      </Link>
    );
  }
  // Signed in by the hint, the storage not read yet (or the menu's chunk on its way): a plain link.
  const account = (
    <Link className="button button--small" to={to('/account')} data-testid="account-link">
      {t('nav.account')}
    </Link>
  );
  if (!user) return account;
  return (
    <Suspense fallback={account}>
      <SessionMenu user={user} to={to} />
    </Suspense>
  );
}
