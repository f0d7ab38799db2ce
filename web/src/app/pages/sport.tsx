import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /sport/:slug? */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="not-found" noindex />
      <h1>{t('_fallback.sport' as never)}</h1>
    </>
  );
}
