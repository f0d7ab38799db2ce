import { useTranslation } from 'react-i18next';
import { ContentPage, ProseSection } from '../../features/content/components/content-page.tsx';
import { FaqList } from '../../features/content/components/faq-list.tsx';
import { SECURITY_EMAIL } from '../../features/content/content-links.tsx';
import { plainText } from '../../features/content/rich-text.ts';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { PageHead } from '../head/page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** /faq: the questions as an accordion, and the same questions as FAQPage JSON-LD for search engines. */
export function Component() {
  const { t } = useTranslation('content');
  const { t: tPages } = useTranslation('pages');
  const to = useLocalPath();
  const doc = t('faq', { returnObjects: true });
  const mail = { support: SUPPORT_EMAIL, securityMail: SECURITY_EMAIL };
  return (
    <>
      <PageHead
        title={tPages('faq.title')}
        description={tPages('faq.description')}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: doc.questions.map((entry) => ({
            '@type': 'Question',
            name: entry.question,
            acceptedAnswer: { '@type': 'Answer', text: plainText(entry.answer, mail) },
          })),
        }}
      />
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={SUPPORT_EMAIL}>
        <FaqList questions={doc.questions} idPrefix="faq" />
        <ProseSection id="faq-more" heading={doc.moreTitle} paragraphs={[doc.more]} />
      </ContentPage>
    </>
  );
}
