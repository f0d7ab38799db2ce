import type { PageMiddleware } from '@pitchside/shared/site';

/**
 * Where a change of the session sends the visitor (SPEC 2 and 4), decided without touching the browser.
 * In the tab where it happened, signing in goes to the saved target (the home redirect is disabled), else
 * home, and signing out goes to the logout destination, the home of the language. Another tab following
 * along moves only if its page no longer fits: a guest-only page once signed in, an account page once
 * signed out; a visitor reading a match in another tab stays on it.
 */
export interface SessionChange {
  loggedIn: boolean;
  /** This tab made the change (not a storage event from another tab, not reading the storage at start). */
  local: boolean;
  /** The middleware of the page showing now, or null when no page matched. */
  page: PageMiddleware | null;
  lang: string;
  /** Reads (and forgets) the saved target; called only when the visitor is going there. */
  takeTarget: () => string | null;
  /** The page showing now, for the return after a forced sign-in. */
  here: string;
}

export function sessionRedirect(change: SessionChange): string | null {
  const home = `/${change.lang}`;
  if (change.loggedIn) {
    if (!change.local && change.page !== 'guest-only') return null;
    return change.takeTarget() ?? home;
  }
  if (change.local) return home;
  if (change.page === 'auth') return `${home}/login?redirect=${encodeURIComponent(change.here)}`;
  return null;
}
