import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPanel } from '../../features/content/components/status-panel.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/**
 * /payment/success: where the payment service returns after a payment went through.
 * Payments open with issue 5; until then the page also says that nothing was paid. Not for robots.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <>
      <StaticPageHead page="payment-success" noindex />
      <StatusPanel
        tone="success"
        title={t('payment.success.title')}
        body={t('payment.success.body')}
        actions={
          <>
            <Link className="button" to={to('/account')}>
              {t('payment.account')}
            </Link>
            <Link className="button button--quiet" to={to('/pricing')}>
              {t('payment.pricing')}
            </Link>
          </>
        }
      >
        <p className="status-panel__note">{t('payment.notOpen')}</p>
      </StatusPanel>
    </>
  );
}
