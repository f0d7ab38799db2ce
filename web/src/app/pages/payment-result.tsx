import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPanel } from '../../features/content/components/status-panel.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/**
 * /payment/result: where the payment service returns before the outcome is confirmed.
 * Payments open with issue 5; until then the page also says that nothing was paid. Not for robots.
 */
export function Component() {
  const { t } = useTranslation('account');
  const to = useLocalPath();
  return (
    <>
      <StaticPageHead page="payment-result" noindex />
      <StatusPanel
        tone="pending"
        title={t('payment.result.title')}
        body={t('payment.result.body')}
        actions={
          <>
            <Link className="button" to={to('/account')}>
              {t('payment.account')}
            </Link>
            <a className="button button--quiet" href={`mailto:${SUPPORT_EMAIL}`}>
              {t('payment.support')}
            </a>
          </>
        }
      >
        <p className="status-panel__note">{t('payment.notOpen')}</p>
      </StatusPanel>
    </>
  );
}
