import type { LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '@pitchside/shared/constants';
import type { PageText, StaticPage } from '@pitchside/shared/content';
import { apiFrom } from '../../../lib/api.ts';
import { fetchPageText } from './media-rest.ts';

export interface PageTextData {
  /** The operators' text for the page in this language; null shows the built-in text. */
  text: PageText | null;
}

/**
 * The loader of a static page (about-us, terms...): the operators' text when they wrote one for the page's
 * language. Not overridden (404), or the API unwell: null, and the page shows its built-in text; these
 * pages never fail.
 */
export const pageTextLoader =
  (page: StaticPage) =>
  async ({ context, request, params }: LoaderFunctionArgs): Promise<PageTextData> => {
    const answer = await fetchPageText(
      page,
      params.lang ?? DEFAULT_LANGUAGE,
      request.signal,
      apiFrom(context),
    );
    return { text: 'data' in answer ? answer.data : null };
  };
