import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import { loadHighlights } from '../../features/media/api/load-highlights.ts';
import { HighlightGrid } from '../../features/media/components/highlight-grid.tsx';
import { useContentRevalidation } from '../../features/media/hooks/use-content-revalidation.ts';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

/** How many highlights the page lists. */
const LIMIT = 48;

export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadHighlights({ limit: LIMIT }, request.signal, apiFrom(context));

/**
 * /highlight: the latest highlights, newest first, as cards (poster, length, the match's teams and score)
 * that play in place; a newly published one appears on an open page by itself.
 */
export function Component() {
  const { highlights, matches } = useLoaderData<typeof loader>();
  const { t } = useTranslation('media');
  const paths = usePaths();
  useContentRevalidation(contentTopics.highlights);
  return (
    <section className="media-page" data-testid="highlights-page">
      <StaticPageHead page="highlight" />
      <div className="page-heading">
        <h1>{t('highlights.title')}</h1>
      </div>
      <p className="page-lead">{t('highlights.lead')}</p>
      {'error' in highlights ? (
        <ListMessage tone="error" title={t('highlights.error')} />
      ) : highlights.data.length === 0 ? (
        <ListMessage title={t('highlights.empty')} />
      ) : (
        <HighlightGrid highlights={highlights.data} matches={matches} matchHref={paths.match} />
      )}
    </section>
  );
}
