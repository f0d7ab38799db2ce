import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /hot-matches */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="hot-matches" />
      <div className="page-heading">
        <h1>{t('hot-matches.title')}</h1>
      </div>
      <p>{t('hot-matches.description')}</p>
    </>
  );
}
