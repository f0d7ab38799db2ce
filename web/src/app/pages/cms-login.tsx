import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /cms/login */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="cms-login" />
      <div className="page-heading">
        <h1>{t('cms-login.title')}</h1>
      </div>
      <p>{t('cms-login.description')}</p>
    </>
  );
}
