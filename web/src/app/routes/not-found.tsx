import { useTranslation } from 'react-i18next';
import { PageMessage } from '../../components/page-message.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePaths } from '../use-paths.ts';

/** Any address that is not a page (the spec's 404 'This page could not be found'). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <>
      <PageTitle page={t('notFound.title')} />
      <PageMessage
        tone="not-found"
        title={t('notFound.title')}
        link={{ to: paths.home(), label: t('notFound.home') }}
      />
    </>
  );
}
