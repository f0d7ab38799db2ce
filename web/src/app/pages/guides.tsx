import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /guides */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="guides" />
      <div className="page-heading">
        <h1>{t('guides.title')}</h1>
      </div>
      <p>{t('guides.description')}</p>
    </>
  );
}
