import { useTranslation } from 'react-i18next';
import { ContentPage, ProseSections } from '../../features/content/components/content-page.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /policy/privacy: what is stored (cookies, local storage), no tracking by default, rights. */
export function Component() {
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const doc = t('privacy', { returnObjects: true });
  return (
    <>
      <StaticPageHead page="privacy" />
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={SUPPORT_EMAIL}>
        <ProseSections sections={doc.sections} idPrefix="privacy" />
      </ContentPage>
    </>
  );
}
