import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import { useContentRevalidation } from '../../lib/content-topics/use-content-revalidation.ts';
import { ContentLinksProvider, RichText } from '../../features/content/content-links.tsx';
import { PlanCard } from '../../features/content/components/plan-card.tsx';
import '../../features/content/content.css';
import { loadPricing } from '../../features/payments/api/payments-rest.ts';
import { PricingView } from '../../features/payments/components/pricing-view.tsx';
import { pricingShouldRevalidate, usePricingQuery } from '../../features/payments/hooks/use-pricing-query.ts';
import { apiFrom } from '../../lib/api.ts';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const deal = new URL(request.url).searchParams.get('deal');
  return loadPricing({ deal }, request.signal, apiFrom(context));
}

export const shouldRevalidate = pricingShouldRevalidate;

/**
 * /pricing: Free, then the site-wide premium plans from the catalogue (GET /api/plans) in the visitor's
 * language and currency; `?deal=CODE` (a link or the code field) reveals a deal's hidden plans and
 * discounts. Buying needs a session and leaves for the payment provider's page (issue 5).
 */
export function Component() {
  const supportEmail = useSupportEmail();
  const { t } = useTranslation('account');
  const { plans, deal, dealError } = useLoaderData<typeof loader>();
  // Operators' plan and deal changes show on an open pricing page.
  useContentRevalidation(contentTopics.plans);
  const query = usePricingQuery();
  const to = useLocalPath();
  const paths = usePaths();
  const free = t('pricing.free', { returnObjects: true });
  return (
    <ContentLinksProvider to={to} supportEmail={supportEmail}>
      <StaticPageHead page="pricing" />
      <div className="page-heading">
        <h1>{t('pricing.title')}</h1>
      </div>
      <p className="plans-intro">{t('pricing.intro')}</p>
      {'error' in plans ? (
        <p className="pricing-failure" role="status" data-testid="plans-error">
          {t('pricing.loadFailed')}
        </p>
      ) : (
        <PricingView data={plans.data} dealCode={deal} dealError={dealError} query={query}>
          {(renderPlan) => (
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
              {plans.data.plans.map((plan) => renderPlan(plan))}
            </div>
          )}
        </PricingView>
      )}
      <div className="plans-note">
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
