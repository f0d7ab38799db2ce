import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /account */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="account" />
      <div className="page-heading">
        <h1>{t('account.title')}</h1>
      </div>
      <p>{t('account.description')}</p>
    </>
  );
}
