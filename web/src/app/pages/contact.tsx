import { useTranslation } from 'react-i18next';
import { ContentPage, ProseSections } from '../../features/content/components/content-page.tsx';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /contact: support, press, partnerships and security addresses, as mailto links (no form posts anywhere). */
export function Component() {
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const doc = t('contact', { returnObjects: true });
  return (
    <>
      <StaticPageHead page="contact" />
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={SUPPORT_EMAIL}>
        <ProseSections sections={doc.sections} idPrefix="contact" />
        <p className="prose__note">{doc.note}</p>
      </ContentPage>
    </>
  );
}
