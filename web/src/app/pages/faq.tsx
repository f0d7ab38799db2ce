import { useTranslation } from 'react-i18next';
import { ContentPage, ProseSection } from '../../features/content/components/content-page.tsx';
import { FaqList } from '../../features/content/components/faq-list.tsx';
import { SECURITY_EMAIL } from '../../features/content/content-links.tsx';
import { plainText } from '../../features/content/rich-text.ts';
import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { OperatorPage } from '../operator-page.tsx';
import { usePageText } from '../../features/media/hooks/use-page-text.ts';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { PageHead } from '../head/page-head.tsx';
import { useLocalPath } from '../paths.ts';

export const loader = pageTextLoader('faq');

/**
 * /faq: the questions as an accordion, and the same questions as FAQPage JSON-LD for search engines.
 * The operators' text replaces it when they wrote one for this language (followed live); without one,
 * or when the API is unwell, the built-in questions.
 */
export function Component() {
  const { t } = useTranslation('content');
  const { t: tPages } = useTranslation('pages');
  const to = useLocalPath();
  const supportEmail = useSupportEmail();
  const text = usePageText('faq');
  if (text)
    return (
      <>
        <PageHead title={text.title} description={tPages('faq.description')} />
        <OperatorPage text={text} to={to} supportEmail={supportEmail} />
      </>
    );
  const doc = t('faq', { returnObjects: true });
  const mail = { support: supportEmail, securityMail: SECURITY_EMAIL };
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
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={supportEmail}>
        <FaqList questions={doc.questions} idPrefix="faq" />
        <ProseSection id="faq-more" heading={doc.moreTitle} paragraphs={[doc.more]} />
      </ContentPage>
    </>
  );
}
