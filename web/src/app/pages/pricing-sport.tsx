import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import { useContentRevalidation } from '../../lib/content-topics/use-content-revalidation.ts';
import { SPORTS } from '@pitchside/shared/domain';
import '../../features/content/content.css';
import { loadPricing } from '../../features/payments/api/payments-rest.ts';
import { PricingView } from '../../features/payments/components/pricing-view.tsx';
import { pricingShouldRevalidate, usePricingQuery } from '../../features/payments/hooks/use-pricing-query.ts';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Every sport's passes in one read: the gateway lists one sport per request.
  const reads = await Promise.all(
    SPORTS.map((sport) =>
      loadPricing(
        { sport: sport.slug, deal: url.searchParams.get('deal') },
        request.signal,
        apiFrom(context),
      ),
    ),
  );
  const [first] = reads;
  return { reads, deal: first?.deal ?? null, dealError: reads.find((r) => r.dealError)?.dealError ?? null };
}

export const shouldRevalidate = pricingShouldRevalidate;

/**
 * /pricing-sport: the per-sport passes (plans of kind `sport`), a section per sport the site covers, with
 * the same currency, deal and payment choices as /pricing.
 */
export function Component() {
  const { t } = useTranslation('account');
  const { reads, deal, dealError } = useLoaderData<typeof loader>();
  // Operators' plan and deal changes show on an open pricing page.
  useContentRevalidation(contentTopics.plans);
  const query = usePricingQuery();
  const to = useLocalPath();
  const paths = usePaths();
  // One catalogue for the shop: every sport's passes, the currencies any of them is priced in.
  const merged = useMemo(() => {
    const answered = reads.flatMap((r) => ('data' in r.plans ? [r.plans.data] : []));
    if (answered.length === 0) return null;
    return {
      plans: answered.flatMap((a) => a.plans),
      deal: answered.find((a) => a.deal)?.deal ?? null,
      currencies: [...new Set(answered.flatMap((a) => a.currencies))].sort(),
      methods: answered[0]!.methods,
    };
  }, [reads]);
  return (
    <>
      <StaticPageHead page="pricing-sport" />
      <div className="page-heading">
        <h1>{t('pricingSport.title')}</h1>
      </div>
      <p className="plans-intro">{t('pricingSport.intro')}</p>
      {!merged ? (
        <p className="pricing-failure" role="status" data-testid="plans-error">
          {t('pricing.loadFailed')}
        </p>
      ) : (
        <PricingView data={merged} dealCode={deal} dealError={dealError} query={query}>
          {(renderPlan) =>
            SPORTS.map((sport) => {
              const name = t(`pricingSport.sports.${sport.slug}` as 'pricingSport.sports.football', {
                defaultValue: sport.name,
              });
              const passes = merged.plans.filter((plan) => plan.sport === sport.slug);
              return (
                <section
                  key={sport.slug}
                  className="sport-plans"
                  aria-labelledby={`sport-${sport.slug}`}
                  data-testid="sport-plan"
                  data-sport={sport.slug}
                >
                  <h2 className="sport-plans__name" id={`sport-${sport.slug}`}>
                    {name}
                  </h2>
                  <p className="sport-plans__free">{t('pricingSport.freeLine')}</p>
                  {passes.length === 0 ? (
                    <p className="sport-plans__none">{t('pricingSport.noPass')}</p>
                  ) : (
                    <div className="plans">{passes.map((plan) => renderPlan(plan, 3))}</div>
                  )}
                  <Link className="sport-plans__follow" to={paths.sport(sport.slug)}>
                    {t('pricingSport.follow', { sport: name })}
                  </Link>
                </section>
              );
            })
          }
        </PricingView>
      )}
      <p className="plans-note">
        <Link to={to('/pricing')}>{t('pricingSport.allPlans')}</Link>
      </p>
    </>
  );
}
