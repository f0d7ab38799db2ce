import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /disclaimer */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="disclaimer" />
      <div className="page-heading">
        <h1>{t('disclaimer.title')}</h1>
      </div>
      <p>{t('disclaimer.description')}</p>
    </>
  );
}
