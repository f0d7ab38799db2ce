import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PageMessage } from '../../components/page-message.tsx';
import { paths } from '../paths.ts';
import { NotFoundRoute } from './not-found.tsx';

/** What a page that throws while rendering shows instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  console.error(error);
  return (
    <PageMessage tone="error" title={t('error.title')} link={{ to: paths.home(), label: t('error.home') }} />
  );
}
