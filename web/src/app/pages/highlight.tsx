import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /highlight */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="highlight" />
      <div className="page-heading">
        <h1>{t('highlight.title')}</h1>
      </div>
      <p>{t('highlight.description')}</p>
    </>
  );
}
