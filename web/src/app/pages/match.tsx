import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Ack } from '@pitchside/shared/protocol';
import { PageMessage } from '../../components/page-message.tsx';
import { fetchMatch } from '../../features/live/api/live-rest.ts';
import { useLiveMatch } from '../../features/live/hooks/use-live-match.ts';
import type { HeldMatch } from '../../features/live/stores/match-slice.ts';
import { MatchHeader } from '../../features/matches/components/match-header.tsx';
import { MatchTimeline } from '../../features/matches/components/match-timeline.tsx';
import { apiFrom } from '../../lib/api.ts';
import { PageHead } from '../head/page-head.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  if (!params.id) return { matchId: null, initial: null };
  const initial = await fetchMatch(params.id, request.signal, apiFrom(context));
  if ('error' in initial && (initial.error.code === 'match:not-found' || initial.error.code === 'request:invalid')) {
    throw new Response('This page could not be found', { status: 404 });
  }
  return { matchId: params.id, initial };
}

/** /match/:id: one match, header and timeline, kept current by the socket. */
export function Component() {
  const { matchId, initial } = useLoaderData<typeof loader>();
  return matchId && initial ? <LiveMatchPage key={matchId} matchId={matchId} initial={initial} /> : <MatchNotFound />;
}

function LiveMatchPage({ matchId, initial }: { matchId: string; initial: Ack<HeldMatch> }) {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  const { held, error } = useLiveMatch(matchId, initial);

  if (!held) {
    if (error?.code === 'match:not-found' || error?.code === 'request:invalid') return <MatchNotFound />;
    if (error) return <PageMessage tone="error" title={t('match.error')} />;
    return <p className="loading">{t('match.loading')}</p>;
  }
  const { match, events } = held.detail;
  const names = { home: match.home.name, away: match.away.name, competition: match.competition.name };
  return (
    <article className="match-page" data-match-id={match.id}>
      <PageHead
        title={tPages('match.title', names)}
        description={tPages('match.description', names)}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'SportsEvent',
          name: `${match.home.name} vs ${match.away.name}`,
          startDate: match.kickoff,
          sport: 'Football',
          homeTeam: { '@type': 'SportsTeam', name: match.home.name },
          awayTeam: { '@type': 'SportsTeam', name: match.away.name },
          ...(match.venue?.name ? { location: { '@type': 'Place', name: match.venue.name } } : {}),
          superEvent: { '@type': 'SportsEvent', name: match.competition.name },
        }}
      />
      <MatchHeader match={match} />
      <MatchTimeline events={events} homeTeamId={match.home.id} />
    </article>
  );
}

function MatchNotFound() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <>
      <StaticPageHead page="not-found" noindex />
      <PageMessage
        tone="not-found"
        title={t('match.notFoundTitle')}
        body={t('match.notFoundBody')}
        link={{ to: paths.liveMatches(), label: t('match.backToLive') }}
      />
    </>
  );
}
