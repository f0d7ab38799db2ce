import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /league */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="league-list" />
      <div className="page-heading">
        <h1>{t('league-list.title')}</h1>
      </div>
      <p>{t('league-list.description')}</p>
    </>
  );
}
