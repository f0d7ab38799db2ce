import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /terms */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="terms" />
      <div className="page-heading">
        <h1>{t('terms.title')}</h1>
      </div>
      <p>{t('terms.description')}</p>
    </>
  );
}
