import { useTranslation } from 'react-i18next';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** /match-highlight/:id? */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <>
      <StaticPageHead page="not-found" noindex />
      <h1>{t('_fallback.match-highlight' as never)}</h1>
    </>
  );
}
