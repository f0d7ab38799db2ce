import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useLocalPath } from '../paths.ts';

/** The side navigation of the user layout. */
export function AccountNav() {
  const { t } = useTranslation();
  const to = useLocalPath();
  return (
    <nav className="account-nav" aria-label={t('nav.account')}>
      <NavLink to={to('/account')} end>
        {t('nav.accountOverview')}
      </NavLink>
      <NavLink to={to('/pricing')}>{t('nav.pricing')}</NavLink>
    </nav>
  );
}
