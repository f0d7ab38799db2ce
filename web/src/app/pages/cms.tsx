import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { authFetch } from '../../lib/session/auth-fetch.ts';
import { isExpired } from '../../lib/session/token-timing.ts';
import { AdminUsers } from '../../features/auth/components/admin-users.tsx';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { describeAuthError } from '../../lib/session/describe-auth-error.ts';
import { CmsNav } from '../../features/cms/components/cms-nav.tsx';
import { OpsDashboard } from '../../features/ops/components/ops-dashboard.tsx';
import { useOpsFeed } from '../../features/ops/hooks/use-ops-feed.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';
import '../../features/auth/auth.css';

/** bull-board, served by the gateway behind its own cookie session (gateway/src/ops/board-routes.ts). */
const QUEUE_BOARD = '/admin/queues/';

/** The feed asks on every connection attempt: an access token that has run out is refreshed first. */
async function accessToken(): Promise<string | null> {
  const tokens = useSessionStore.getState().tokens;
  if (!tokens) return null;
  if (isExpired(tokens.accessExpiresAt, Date.now())) await authFetch.refresh();
  return useSessionStore.getState().tokens?.accessToken ?? null;
}

/**
 * /cms (middleware 'auth'): the admin side's landing after /cms/login. For an admin, the CMS's navigation
 * (its content sections live at /cms/content/{section}), the operators' dashboard (live charts over the
 * gateway's admin socket namespace), the queue board, and the users; for
 * anyone else a plain "admins only". The gateway decides (it reads the scope from the database on every
 * connection and call); the session's own scope only picks what to try.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  const { restored, isAdmin } = useSessionStore(
    useShallow((s) => ({ restored: s.restored, isAdmin: !!s.user?.scope.includes('admin') })),
  );
  const { state, samples } = useOpsFeed(accessToken, restored && isAdmin);
  const [boardError, setBoardError] = useState<string | null>(null);
  const refused = typeof state === 'object' ? state.refused : null;

  // A navigation cannot carry the bearer token: trade it for the board's cookie first, then go there.
  const openBoard = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setBoardError(null);
    try {
      await authFetch.request('/admin/ops/board-session', { method: 'POST' });
      window.location.assign(QUEUE_BOARD);
    } catch (error) {
      setBoardError(describeAuthError(t, error).message);
    }
  };

  let body;
  if (!restored) body = <p className="account-section">{t('account.loading')}</p>;
  else if (!isAdmin || refused === 'auth:forbidden')
    body = (
      <p className="account-section" role="alert" data-testid="cms-admins-only">
        {t('ops.adminsOnly')} <Link to={to('/')}>{t('ops.home')}</Link>
      </p>
    );
  else if (refused === 'auth:unauthenticated')
    body = (
      <p className="account-section" role="alert" data-testid="cms-signed-out">
        {t('ops.signInAgain')} <Link to={to('/cms/login')}>{t('cms.title')}</Link>
      </p>
    );
  else
    body = (
      <>
        <CmsNav current="dashboard" hrefOf={(s) => to(s ? `/cms/content/${s}` : '/cms')} />
        <OpsDashboard
          state={state}
          samples={samples}
          actions={
            <>
              <a
                href={QUEUE_BOARD}
                className="auth-button auth-button--primary"
                onClick={(e) => void openBoard(e)}
                data-testid="ops-queues-link"
              >
                {t('ops.board')}
              </a>
              {boardError && <span role="alert">{boardError}</span>}
            </>
          }
        />
        <AdminUsers />
      </>
    );
  return (
    <>
      <StaticPageHead page="cms" noindex />
      <div className="page-heading">
        <h1>{t('ops.title')}</h1>
      </div>
      <div className="account-sections">{body}</div>
    </>
  );
}
