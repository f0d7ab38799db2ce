import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /movies */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="movies" />
      <div className="page-heading">
        <h1>{t('movies.title')}</h1>
      </div>
      <p>{t('movies.description')}</p>
    </>
  );
}
