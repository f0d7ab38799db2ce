import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** / */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="home" />
      <div className="page-heading">
        <h1>{t('home.title')}</h1>
      </div>
      <p>{t('home.description')}</p>
    </>
  );
}
