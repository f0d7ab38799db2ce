import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /about-us */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="about-us" />
      <div className="page-heading">
        <h1>{t('about-us.title')}</h1>
      </div>
      <p>{t('about-us.description')}</p>
    </>
  );
}
