import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /payment/success */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="payment-success" />
      <div className="page-heading">
        <h1>{t('payment-success.title')}</h1>
      </div>
      <p>{t('payment-success.description')}</p>
    </>
  );
}
