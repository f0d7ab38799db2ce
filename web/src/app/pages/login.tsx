import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /login */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="login" />
      <div className="page-heading">
        <h1>{t('login.title')}</h1>
      </div>
      <p>{t('login.description')}</p>
    </>
  );
}
