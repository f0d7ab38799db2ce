import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../../features/content/content.css';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/**
 * /account (layout 'user', middleware 'auth'): the signed-in visitor's overview. Until accounts open
 * (issue 4) nobody is signed in, so the router sends every visitor to /login?redirect=… before this
 * renders; what is here is the overview's frame, without invented account data.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <>
      <StaticPageHead page="account" noindex />
      <div className="page-heading">
        <h1>{t('account.title')}</h1>
      </div>
      <div className="account-overview">
        <p className="account-overview__card">{t('account.intro')}</p>
        <section className="account-overview__card" aria-labelledby="account-profile">
          <h2 id="account-profile">{t('account.profileTitle')}</h2>
          <p>{t('account.profileBody')}</p>
        </section>
        <section className="account-overview__card" aria-labelledby="account-plan">
          <h2 id="account-plan">{t('account.planTitle')}</h2>
          <p>{t('account.planBody')}</p>
          <Link className="button" to={to('/pricing')}>
            {t('account.plans')}
          </Link>
        </section>
        <section className="account-overview__card" aria-labelledby="account-favourites">
          <h2 id="account-favourites">{t('account.favouritesTitle')}</h2>
          <p>{t('account.favouritesBody')}</p>
        </section>
      </div>
    </>
  );
}
