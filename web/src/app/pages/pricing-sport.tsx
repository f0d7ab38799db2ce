import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SPORTS } from '@pitchside/shared/domain';
import '../../features/content/content.css';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

/** /pricing-sport: the plans for each sport the site covers; prices are still to be announced. */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  const paths = usePaths();
  return (
    <>
      <StaticPageHead page="pricing-sport" />
      <div className="page-heading">
        <h1>{t('pricingSport.title')}</h1>
      </div>
      <p className="plans-note">{t('pricingSport.intro')}</p>
      <div className="plans">
        {SPORTS.map((sport) => {
          const name = t(`pricingSport.sports.${sport.slug}` as 'pricingSport.sports.football', {
            defaultValue: sport.name,
          });
          return (
            <section
              key={sport.slug}
              className="plan-card"
              aria-labelledby={`sport-${sport.slug}`}
              data-testid="sport-plan"
            >
              <h2 className="plan-card__name" id={`sport-${sport.slug}`}>
                {name}
              </h2>
              <ul className="plan-card__features">
                <li>{t('pricingSport.freeLine')}</li>
                <li>{t('pricingSport.premiumLine')}</li>
              </ul>
              <div className="plan-card__action">
                <Link className="button" to={paths.sport(sport.slug)}>
                  {t('pricingSport.follow', { sport: name })}
                </Link>
              </div>
            </section>
          );
        })}
      </div>
      <p className="plans-note">
        <Link to={to('/pricing')}>{t('pricingSport.allPlans')}</Link>
      </p>
    </>
  );
}
