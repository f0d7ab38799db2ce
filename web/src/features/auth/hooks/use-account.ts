import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@pitchside/shared/auth';
import { getAccount } from '../api/auth-api.ts';
import { updateUser } from '../../../lib/session/session-actions.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { describeAuthError } from '../../../lib/session/describe-auth-error.ts';

/**
 * The signed-in user for the account page: the one the session holds at once, then the gateway's fresh
 * copy (GET /account, with the bearer token). On the server and during hydration there is none yet: the
 * server renders the page's frame from the cookie hint, the data always comes from the browser.
 */
export function useAccount(): { user: AuthUser | null; error: string | null } {
  const { t } = useTranslation('account');
  const restored = useSessionStore((s) => s.restored);
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const user = useSessionStore((s) => s.user);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    getAccount()
      .then((fresh) => {
        if (current) updateUser(fresh);
      })
      .catch((failure: unknown) => {
        if (current) setError(describeAuthError(t, failure).message);
      });
    return () => {
      current = false;
    };
  }, [loggedIn, t]);
  return { user: restored && loggedIn ? user : null, error };
}
