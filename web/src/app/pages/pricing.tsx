import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /pricing */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="pricing" />
      <div className="page-heading">
        <h1>{t('pricing.title')}</h1>
      </div>
      <p>{t('pricing.description')}</p>
    </>
  );
}
