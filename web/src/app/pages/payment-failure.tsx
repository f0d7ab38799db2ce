import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPanel } from '../../features/content/components/status-panel.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/**
 * /payment/failure: where the payment service returns after a payment failed.
 * Payments open with issue 5; until then the page also says that nothing was paid. Not for robots.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <>
      <StaticPageHead page="payment-failure" noindex />
      <StatusPanel
        tone="failure"
        title={t('payment.failure.title')}
        body={t('payment.failure.body')}
        actions={
          <>
            <Link className="button" to={to('/pricing')}>
              {t('payment.pricing')}
            </Link>
            <a className="button button--quiet" href={`mailto:${SUPPORT_EMAIL}`}>
              {t('payment.support')}
            </a>
          </>
        }
      >
        <p className="status-panel__help">{t('payment.failure.help')}</p>
        <p className="status-panel__note">{t('payment.notOpen')}</p>
      </StatusPanel>
    </>
  );
}
