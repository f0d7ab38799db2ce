import { useTranslation } from 'react-i18next';
import type { PageId } from '@pitchside/shared/site';
import { PageHead } from './page-head.tsx';

/** The head of a page whose title and description are fixed strings of the `pages` namespace. */
export function StaticPageHead({
  page,
  noindex,
}: {
  page: PageId | 'not-found' | 'error';
  noindex?: boolean;
}) {
  const { t } = useTranslation('pages');
  return (
    <PageHead
      title={t(`${page}.title` as 'home.title')}
      description={t(`${page}.description` as 'home.description')}
      noindex={noindex}
    />
  );
}
