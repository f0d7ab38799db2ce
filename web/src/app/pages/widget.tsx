import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /widget */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="widget" />
      <div className="page-heading">
        <h1>{t('widget.title')}</h1>
      </div>
      <p>{t('widget.description')}</p>
    </>
  );
}
