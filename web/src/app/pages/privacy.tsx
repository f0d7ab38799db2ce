import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /policy/privacy */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="privacy" />
      <div className="page-heading">
        <h1>{t('privacy.title')}</h1>
      </div>
      <p>{t('privacy.description')}</p>
    </>
  );
}
