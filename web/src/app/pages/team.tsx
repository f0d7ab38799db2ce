import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /team/:id */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="not-found" noindex />
      <h1>{t('_fallback.team' as never)}</h1>
    </>
  );
}
