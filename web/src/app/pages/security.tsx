import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /security */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="security" />
      <div className="page-heading">
        <h1>{t('security.title')}</h1>
      </div>
      <p>{t('security.description')}</p>
    </>
  );
}
