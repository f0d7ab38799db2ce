import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /policy/refund */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="refund" />
      <div className="page-heading">
        <h1>{t('refund.title')}</h1>
      </div>
      <p>{t('refund.description')}</p>
    </>
  );
}
