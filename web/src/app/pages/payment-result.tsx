import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /payment/result */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="payment-result" />
      <div className="page-heading">
        <h1>{t('payment-result.title')}</h1>
      </div>
      <p>{t('payment-result.description')}</p>
    </>
  );
}
