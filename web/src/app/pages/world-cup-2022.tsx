import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /league/fifa-world-cup-2022-live-streaming */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="world-cup-2022" />
      <div className="page-heading">
        <h1>{t('world-cup-2022.title')}</h1>
      </div>
      <p>{t('world-cup-2022.description')}</p>
    </>
  );
}
