import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /payment/failure */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="payment-failure" />
      <div className="page-heading">
        <h1>{t('payment-failure.title')}</h1>
      </div>
      <p>{t('payment-failure.description')}</p>
    </>
  );
}
