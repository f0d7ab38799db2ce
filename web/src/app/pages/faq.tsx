import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /faq */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="faq" />
      <div className="page-heading">
        <h1>{t('faq.title')}</h1>
      </div>
      <p>{t('faq.description')}</p>
    </>
  );
}
