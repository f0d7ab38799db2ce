import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /register */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="register" />
      <div className="page-heading">
        <h1>{t('register.title')}</h1>
      </div>
      <p>{t('register.description')}</p>
    </>
  );
}
