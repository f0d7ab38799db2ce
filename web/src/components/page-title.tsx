import { useTranslation } from 'react-i18next';

/** The document title: the page's name with the product's (React 19 hoists <title> into <head>). */
export function PageTitle({ page }: { page: string }) {
  const { t } = useTranslation();
  return <title>{t('app.pageTitle', { page })}</title>;
}
