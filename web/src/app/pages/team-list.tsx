import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /team */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="team-list" />
      <div className="page-heading">
        <h1>{t('team-list.title')}</h1>
      </div>
      <p>{t('team-list.description')}</p>
    </>
  );
}
