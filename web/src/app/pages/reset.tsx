import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /reset */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="reset" />
      <div className="page-heading">
        <h1>{t('reset.title')}</h1>
      </div>
      <p>{t('reset.description')}</p>
    </>
  );
}
