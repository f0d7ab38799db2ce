import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /contact */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="contact" />
      <div className="page-heading">
        <h1>{t('contact.title')}</h1>
      </div>
      <p>{t('contact.description')}</p>
    </>
  );
}
