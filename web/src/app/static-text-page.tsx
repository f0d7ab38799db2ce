import { useTranslation } from 'react-i18next';
import type { StaticPage } from '@pitchside/shared/content';
import { ContentPage, ProseSections } from '../features/content/components/content-page.tsx';
import { OperatorPage } from './operator-page.tsx';
import { usePageText } from '../features/media/hooks/use-page-text.ts';
import { useSupportEmail } from './chrome/site-footer.tsx';
import { PageHead } from './head/page-head.tsx';
import { StaticPageHead } from './head/static-page-head.tsx';
import { useLocalPath } from './paths.ts';

/** The built-in texts' keys in the `content` namespace (about-us is `about` there). */
type BuiltInText = 'about' | 'disclaimer' | 'security' | 'terms' | 'privacy' | 'refund';
/** FAQ and contact have pages of their own shape. */
type TextPage = Exclude<StaticPage, 'contact' | 'faq'>;

/**
 * A static page of words (about-us, disclaimer, security, terms, policy/privacy, policy/refund): the
 * operators' text when they wrote one for this language (loaded by the page's `pageTextLoader`, followed
 * live); without one, or when the API is unwell, the built-in text of the `content` namespace.
 */
export function StaticTextPage({ page, builtIn }: { page: TextPage; builtIn: BuiltInText }) {
  const { t } = useTranslation('content');
  const { t: tPages } = useTranslation('pages');
  const to = useLocalPath();
  const supportEmail = useSupportEmail();
  const text = usePageText(page);
  if (text)
    return (
      <>
        <PageHead title={text.title} description={tPages(`${page}.description`)} />
        <OperatorPage text={text} to={to} supportEmail={supportEmail} />
      </>
    );
  const doc = t(builtIn, { returnObjects: true });
  return (
    <>
      <StaticPageHead page={page} />
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={supportEmail}>
        <ProseSections sections={doc.sections} idPrefix={builtIn} />
      </ContentPage>
    </>
  );
}
