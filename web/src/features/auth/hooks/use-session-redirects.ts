import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PageMiddleware } from '@pitchside/shared/site';
import { takeRedirectTarget } from '../stores/redirect-target.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { sessionRedirect } from '../utils/session-redirect.ts';

export interface SessionRedirectPlace {
  /** The middleware of the page showing now. */
  page: PageMiddleware | null;
  lang: string;
  /** Path and query of the page showing now. */
  here: string;
}

/**
 * Moves the visitor when the session changes (SPEC 4): signing in goes to the saved target or home,
 * signing out to the language's home. At start it also corrects what the server rendered from the cookie
 * hint when the browser's storage disagrees (a guest-only page for a signed-in visitor, an account page
 * for a session that has ended). Mounted once, by the root.
 */
export function useSessionRedirects(place: SessionRedirectPlace): void {
  const navigate = useNavigate();
  const latest = useRef(place);
  latest.current = place;

  useEffect(() => {
    const go = (loggedIn: boolean, local: boolean) => {
      const { page, lang, here } = latest.current;
      const target = sessionRedirect({ loggedIn, local, page, lang, here, takeTarget: takeRedirectTarget });
      // Signing in replaces the sign-in page in the history: going back there would only bounce.
      if (target && target !== here) void navigate(target, { replace: loggedIn });
    };
    const start = useSessionStore.getState();
    if (start.restored) go(start.loggedIn, false);
    return useSessionStore.subscribe((state, previous) => {
      if (state.loggedIn !== previous.loggedIn) go(state.loggedIn, state.origin === 'local');
    });
  }, [navigate]);
}
