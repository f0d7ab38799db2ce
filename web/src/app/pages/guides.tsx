import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '@pitchside/shared/constants';
import { contentTopics } from '@pitchside/shared/content';
import { ContentPage, ProseSections } from '../../features/content/components/content-page.tsx';
import { fetchGuides } from '../../features/media/api/media-rest.ts';
import { GuideList } from '../../features/media/components/guide-list.tsx';
import { useContentRevalidation } from '../../lib/content-topics/use-content-revalidation.ts';
import { apiFrom } from '../../lib/api.ts';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const answer = await fetchGuides(params.lang ?? DEFAULT_LANGUAGE, request.signal, apiFrom(context));
  // No guides in this language (or the API unwell): the built-in guide text, never an error page.
  return { guides: 'data' in answer ? answer.data : [] };
}

/**
 * /guides: the operators' guides in the page's language (title, summary, date), each linking to its
 * article; when there are none in this language, the built-in guide (following a match live, favourites,
 * language and theme, tables). A guide published while the page is open appears by itself.
 */
export function Component() {
  const { guides } = useLoaderData<typeof loader>();
  const { lang = DEFAULT_LANGUAGE } = useParams();
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const supportEmail = useSupportEmail();
  useContentRevalidation(contentTopics.guides(lang));
  const doc = t('guides', { returnObjects: true });
  return (
    <>
      <StaticPageHead page="guides" />
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={supportEmail}>
        {guides.length > 0 ? (
          <GuideList guides={guides} guideHref={(slug) => to(`/guides/${encodeURIComponent(slug)}`)} />
        ) : (
          <ProseSections sections={doc.sections} idPrefix="guides" />
        )}
      </ContentPage>
    </>
  );
}
