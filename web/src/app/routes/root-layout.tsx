import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, ScrollRestoration, useParams } from 'react-router-dom';
import { ConnectionBadge } from '../../features/live/components/connection-badge.tsx';
import { changeLanguage, isLanguage } from '../../lib/i18n.ts';
import { usePaths } from '../use-paths.ts';
import { NotFoundRoute } from './not-found.tsx';

/**
 * The default layout: header with the brand, navigation and the connection badge, then the page.
 * It owns the optional `:lang` prefix: a known language switches the page to it; anything else in that
 * position is not a page of ours.
 */
export function RootLayout() {
  const { lang } = useParams();
  const { t } = useTranslation();
  const paths = usePaths();
  const known = lang === undefined || isLanguage(lang);

  useEffect(() => {
    if (lang !== undefined && isLanguage(lang)) void changeLanguage(lang);
  }, [lang]);

  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link className="brand" to={paths.home()} aria-label={t('nav.home')}>
            <span className="brand__mark" aria-hidden="true" />
            {t('app.name')}
          </Link>
          <nav className="site-nav" aria-label={t('nav.label')}>
            <NavLink to={paths.liveMatches()}>{t('nav.liveMatches')}</NavLink>
          </nav>
          <ConnectionBadge />
        </div>
      </header>
      <main className="page" id="main">
        {known ? <Outlet /> : <NotFoundRoute />}
      </main>
      <ScrollRestoration />
    </div>
  );
}
