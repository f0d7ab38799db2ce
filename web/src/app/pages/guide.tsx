import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type Language } from '@pitchside/shared/constants';
import { contentTopics } from '@pitchside/shared/content';
import { PageMessage } from '../../components/page-message.tsx';
import { fetchGuide } from '../../features/media/api/media-rest.ts';
import { GuideArticle } from '../../features/media/components/guide-article.tsx';
import { useContentRevalidation } from '../../lib/content-topics/use-content-revalidation.ts';
import { apiFrom } from '../../lib/api.ts';
import { LANGUAGE_NAMES } from '../chrome/language-switcher.tsx';
import { PageHead } from '../head/page-head.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const answer = await fetchGuide(
    params.lang ?? DEFAULT_LANGUAGE,
    params.slug ?? '',
    request.signal,
    apiFrom(context),
  );
  if ('error' in answer) {
    if (answer.error.code === 'content:not-found' || answer.error.code === 'request:invalid') {
      throw new Response('This page could not be found', { status: 404 });
    }
    return { guide: null };
  }
  return { guide: answer.data };
}

/**
 * /guides/:slug: one guide in the page's language, its body as the gateway rendered it (inert HTML), with
 * hreflang alternates for the languages it exists in; an unknown guide is a 404. An operator's edit shows
 * on an open page by itself.
 */
export function Component() {
  const { guide } = useLoaderData<typeof loader>();
  const { lang = DEFAULT_LANGUAGE } = useParams();
  const { t } = useTranslation('media');
  const to = useLocalPath();
  useContentRevalidation(contentTopics.guides(lang));

  if (!guide) {
    return (
      <>
        <StaticPageHead page="guide" noindex />
        <PageMessage
          tone="error"
          title={t('common.error')}
          link={{ to: to('/guides'), label: t('guides.back') }}
        />
      </>
    );
  }
  const path = `/guides/${encodeURIComponent(guide.slug)}`;
  return (
    <>
      <PageHead
        title={guide.title}
        description={guide.summary || guide.title}
        languages={guide.languages}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: guide.title,
          inLanguage: guide.language,
          dateModified: guide.updatedAt,
          ...(guide.summary ? { description: guide.summary } : {}),
        }}
      />
      <GuideArticle
        guide={guide}
        backHref={to('/guides')}
        languageHref={(language) => `/${language}${path}`}
        languageName={(language) => LANGUAGE_NAMES[language as Language] ?? language}
      />
    </>
  );
}
