import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import { PageMessage } from '../../components/page-message.tsx';
import { MatchSummary } from '../../features/content/components/match-summary.tsx';
import '../../features/content/content.css';
import { fetchMatch } from '../../features/live/api/live-rest.ts';
import { loadHighlights, type HighlightsData } from '../load-highlights.ts';
import { HighlightGrid } from '../../features/media/components/highlight-grid.tsx';
import { useContentRevalidation } from '../../lib/content-topics/use-content-revalidation.ts';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { apiFrom } from '../../lib/api.ts';
import { PageHead } from '../head/page-head.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

type MatchHighlightData =
  | ({ kind: 'latest' } & HighlightsData)
  | ({ kind: 'match'; matchId: string } & HighlightsData)
  | { kind: 'unavailable' };

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<MatchHighlightData> {
  const api = apiFrom(context);
  if (!params.id) return { kind: 'latest', ...(await loadHighlights({ limit: 24 }, request.signal, api)) };
  const [answer, data] = await Promise.all([
    fetchMatch(params.id, request.signal, api),
    loadHighlights({ matchId: params.id }, request.signal, api, []),
  ]);
  if ('error' in answer) {
    if (answer.error.code === 'match:not-found' || answer.error.code === 'request:invalid') {
      throw new Response('This page could not be found', { status: 404 });
    }
    return { kind: 'unavailable' };
  }
  const match = answer.data.detail.match;
  return { kind: 'match', matchId: match.id, ...data, matches: { ...data.matches, [match.id]: match } };
}

/**
 * /match-highlight/:id: a match (teams, score, link to its page) and its highlights playing in place, or
 * plainly "not yet"; an unknown match is a 404. Without an id, the latest highlights of every match.
 * Highlights published while the page is open appear by themselves.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('content');
  const { t: tMedia } = useTranslation('media');
  const paths = usePaths();
  useContentRevalidation(data.kind === 'unavailable' ? null : contentTopics.highlights);

  if (data.kind === 'unavailable') {
    return (
      <>
        <StaticPageHead page="match-highlight" noindex />
        <PageMessage
          tone="error"
          title={t('matchHighlight.error')}
          link={{ to: paths.liveMatches(), label: t('common.liveMatches') }}
        />
      </>
    );
  }
  const { highlights, matches } = data;
  const list = 'data' in highlights ? highlights.data : [];
  const grid = (level: 2 | 3) =>
    'error' in highlights ? (
      <ListMessage tone="error" title={tMedia('highlights.error')} />
    ) : (
      <HighlightGrid highlights={list} matches={matches} matchHref={paths.match} level={level} />
    );

  if (data.kind === 'latest') {
    return (
      <section className="media-page" data-testid="match-highlight-page">
        <StaticPageHead page="match-highlight" noindex />
        <div className="page-heading">
          <h1>{t('matchHighlight.title')}</h1>
        </div>
        <p className="page-lead">{tMedia('highlights.lead')}</p>
        {list.length === 0 && 'data' in highlights ? (
          <ListMessage title={tMedia('highlights.empty')} />
        ) : (
          grid(2)
        )}
      </section>
    );
  }

  const match = matches[data.matchId]!;
  const names = { home: match.home.name, away: match.away.name, competition: match.competition.name };
  return (
    <article className="media-page" data-testid="match-highlight-page" data-match-id={match.id}>
      <PageHead
        title={t('matchHighlight.matchTitle', names)}
        description={t('matchHighlight.matchDescription', names)}
        noindex={list.length === 0}
      />
      <div className="page-heading">
        <h1>{t('matchHighlight.matchTitle', names)}</h1>
      </div>
      <MatchSummary match={match} matchHref={paths.match(match.id)} />
      <section className="media-section" aria-labelledby="match-highlights-title">
        <h2 className="media-section__title" id="match-highlights-title">
          {tMedia('highlights.forMatch')}
        </h2>
        {list.length === 0 && 'data' in highlights ? (
          <div data-testid="highlights-none">
            <ListMessage title={t('matchHighlight.notYet')} />
          </div>
        ) : (
          grid(3)
        )}
      </section>
    </article>
  );
}
