import { useTranslation } from 'react-i18next';
import { Link, NavLink, useRouteLoaderData } from 'react-router-dom';
import { SessionCorner } from '../../features/auth/components/session-corner.tsx';
import { ConnectionBadge } from '../../features/live/components/connection-badge.tsx';
import type { rootLoader } from '../root.tsx';
import { usePaths, useLocalPath } from '../paths.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** The site header: brand, main navigation, live connection, language, theme and sign-in. */
export function SiteHeader({ slim = false }: { slim?: boolean }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const to = useLocalPath();
  const signedIn = useRouteLoaderData<typeof rootLoader>('root')?.signedIn ?? false;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link className="brand" to={paths.home()} aria-label={t('nav.home')}>
            <span className="brand__mark" aria-hidden="true" />
            {t('app.name')}
          </Link>
          {!slim && (
            <nav className="site-nav" aria-label={t('nav.label')}>
              <NavLink to={paths.liveMatches()}>{t('nav.liveMatches')}</NavLink>
              <NavLink to={paths.hotMatches()}>{t('nav.hotMatches')}</NavLink>
              <NavLink to={paths.fixtures()}>{t('nav.fixtures')}</NavLink>
              <NavLink to={paths.leagues()} end>
                {t('nav.leagues')}
              </NavLink>
              <NavLink to={paths.teams()} end>
                {t('nav.teams')}
              </NavLink>
              <NavLink to={to('/highlight')}>{t('nav.highlights')}</NavLink>
            </nav>
          )}
          <div className="site-header__tools">
            {!slim && <ConnectionBadge />}
            <LanguageSwitcher />
            <ThemeToggle />
            {!slim && <SessionCorner hint={signedIn} to={to} />}
          </div>
        </div>
      </header>
    </>
  );
}
