import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Match } from '@pitchside/shared/domain';
import { PageMessage } from '../../components/page-message.tsx';
import { ComingSoonPage } from '../../features/content/components/coming-soon.tsx';
import { MatchSummary } from '../../features/content/components/match-summary.tsx';
import { fetchMatch } from '../../features/live/api/live-rest.ts';
import { apiFrom } from '../../lib/api.ts';
import { SUPPORT_EMAIL } from '../chrome/site-footer.tsx';
import { PageHead } from '../head/page-head.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

type HighlightData = { kind: 'none' } | { kind: 'match'; match: Match } | { kind: 'unavailable' };

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<HighlightData> {
  if (!params.id) return { kind: 'none' };
  const answer = await fetchMatch(params.id, request.signal, apiFrom(context));
  if ('error' in answer) {
    if (answer.error.code === 'match:not-found' || answer.error.code === 'request:invalid') {
      throw new Response('This page could not be found', { status: 404 });
    }
    return { kind: 'unavailable' };
  }
  return { kind: 'match', match: answer.data.detail.match };
}

/**
 * /match-highlight/:id?: video highlights arrive with the content issue. With an id, the page names the
 * match (teams, score, link to its page) and says plainly that its highlights are not there yet; an
 * unknown id is a 404. Not for search engines until there is a video to show.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('content');
  const to = useLocalPath();
  const paths = usePaths();
  const hrefs = {
    live: paths.liveMatches(),
    fixtures: paths.fixtures(),
    hot: paths.hotMatches(),
    leagues: paths.leagues(),
  };

  if (data.kind === 'unavailable') {
    return (
      <>
        <StaticPageHead page="match-highlight" noindex />
        <PageMessage
          tone="error"
          title={t('matchHighlight.error')}
          link={{ to: hrefs.live, label: t('common.liveMatches') }}
        />
      </>
    );
  }
  if (data.kind === 'none') {
    return (
      <>
        <StaticPageHead page="match-highlight" noindex />
        <ComingSoonPage
          title={t('matchHighlight.title')}
          lead={t('matchHighlight.lead')}
          comingText={t('matchHighlight.pickText')}
          meanwhile={t('media.highlight.meanwhile')}
          hrefs={hrefs}
          to={to}
          supportEmail={SUPPORT_EMAIL}
        />
      </>
    );
  }
  const { match } = data;
  const names = { home: match.home.name, away: match.away.name, competition: match.competition.name };
  return (
    <>
      <PageHead
        title={t('matchHighlight.matchTitle', names)}
        description={t('matchHighlight.matchDescription', names)}
        noindex
      />
      <ComingSoonPage
        title={t('matchHighlight.matchTitle', names)}
        lead={t('matchHighlight.lead')}
        comingText={t('matchHighlight.notYet')}
        meanwhile={t('media.highlight.meanwhile')}
        hrefs={hrefs}
        to={to}
        supportEmail={SUPPORT_EMAIL}
      >
        <MatchSummary match={match} matchHref={paths.match(match.id)} />
      </ComingSoonPage>
    </>
  );
}
