import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /pricing-sport */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="pricing-sport" />
      <div className="page-heading">
        <h1>{t('pricing-sport.title')}</h1>
      </div>
      <p>{t('pricing-sport.description')}</p>
    </>
  );
}
