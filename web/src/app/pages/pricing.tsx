import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ContentLinksProvider, RichText } from '../../features/content/content-links.tsx';
import { PlanCard } from '../../features/content/components/plan-card.tsx';
import '../../features/content/content.css';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

/**
 * /pricing: the two plans. Free is what the site is today; Premium (ad-free HD streams) has no price in
 * the spec and no payments yet (issue 5), so it says its price will be announced and offers no purchase.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  const paths = usePaths();
  const free = t('pricing.free', { returnObjects: true });
  const premium = t('pricing.premium', { returnObjects: true });
  return (
    <ContentLinksProvider to={to} supportEmail={SUPPORT_EMAIL}>
      <StaticPageHead page="pricing" />
      <div className="page-heading">
        <h1>{t('pricing.title')}</h1>
      </div>
      <div className="plans">
        <PlanCard
          name={free.name}
          price={free.price}
          tagline={free.tagline}
          features={free.features}
          action={
            <Link className="button" to={paths.liveMatches()}>
              {free.action}
            </Link>
          }
        />
        <PlanCard
          featured
          name={premium.name}
          price={t('pricing.pricesSoon')}
          tagline={premium.tagline}
          features={premium.features}
          action={
            <button type="button" className="content-button" disabled data-testid="premium-action">
              {premium.action}
            </button>
          }
        />
      </div>
      <div className="plans-note">
        <p>{t('pricing.intro')}</p>
        <p>{t('pricing.notOnSale')}</p>
        <p>
          <RichText text={t('pricing.refund')} />
        </p>
        <p>
          <Link to={to('/pricing-sport')}>{t('pricing.perSport')}</Link>
        </p>
      </div>
    </ContentLinksProvider>
  );
}
