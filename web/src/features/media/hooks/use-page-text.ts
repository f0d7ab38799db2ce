import { useLoaderData, useParams } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '@pitchside/shared/constants';
import { contentTopics, type PageText, type StaticPage } from '@pitchside/shared/content';
import type { PageTextData } from '../api/page-text.ts';
import { useContentRevalidation } from '../../../lib/content-topics/use-content-revalidation.ts';

/**
 * The operators' text of a static page (from `pageTextLoader`), kept current: an operator's change or
 * removal shows on an open page without a reload.
 */
export function usePageText(page: StaticPage): PageText | null {
  const { text } = useLoaderData() as PageTextData;
  const { lang = DEFAULT_LANGUAGE } = useParams();
  useContentRevalidation(contentTopics.page(page, lang));
  return text;
}
