import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /auth/reset-password */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="reset-password" />
      <div className="page-heading">
        <h1>{t('reset-password.title')}</h1>
      </div>
      <p>{t('reset-password.description')}</p>
    </>
  );
}
