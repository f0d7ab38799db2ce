import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /fixtures-results */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="fixtures-results" />
      <div className="page-heading">
        <h1>{t('fixtures-results.title')}</h1>
      </div>
      <p>{t('fixtures-results.description')}</p>
    </>
  );
}
