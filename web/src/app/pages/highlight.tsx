import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadHighlights } from '../load-highlights.ts';
import { HighlightGrid } from '../../features/media/components/highlight-grid.tsx';
import { apiFrom } from '../../lib/api.ts';
import { MediaPage } from '../media-page.tsx';
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
  const paths = usePaths();
  return (
    <MediaPage page="highlight" catalogue="highlights" testId="highlights-page" items={highlights}>
      {(list) => <HighlightGrid highlights={list} matches={matches} matchHref={paths.match} />}
    </MediaPage>
  );
}
