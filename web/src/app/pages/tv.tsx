import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /tv */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="tv" />
      <div className="page-heading">
        <h1>{t('tv.title')}</h1>
      </div>
      <p>{t('tv.description')}</p>
    </>
  );
}
