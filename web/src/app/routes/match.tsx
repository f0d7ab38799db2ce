import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageMessage } from '../../components/page-message.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useLiveMatch } from '../../features/live/hooks/use-live-match.ts';
import { MatchHeader } from '../../features/matches/components/match-header.tsx';
import { MatchTimeline } from '../../features/matches/components/match-timeline.tsx';
import { usePaths } from '../use-paths.ts';

/** /match/:id: one match, header and timeline, kept current by the socket. */
export function MatchRoute() {
  const { id } = useParams();
  return id ? <LiveMatchPage key={id} matchId={id} /> : <MatchNotFound />;
}

function LiveMatchPage({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const { held, error } = useLiveMatch(matchId);

  if (!held) {
    if (error?.code === 'match:not-found' || error?.code === 'request:invalid') return <MatchNotFound />;
    if (error) return <PageMessage tone="error" title={t('match.error')} />;
    return <p className="loading">{t('match.loading')}</p>;
  }
  const { match, events } = held.detail;
  return (
    <article className="match-page" data-match-id={match.id}>
      <PageTitle page={t('match.title', { home: match.home.name, away: match.away.name })} />
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
      <PageTitle page={t('match.notFoundTitle')} />
      <PageMessage
        tone="not-found"
        title={t('match.notFoundTitle')}
        body={t('match.notFoundBody')}
        link={{ to: paths.liveMatches(), label: t('match.backToLive') }}
      />
    </>
  );
}
