import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMessage } from '../../components/page-message.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { MatchList } from '../../features/matches/components/match-list.tsx';
import { usePaths } from '../use-paths.ts';

/** /live-matches: every match in play, grouped by competition, kept current by the socket. */
export function LiveMatchesRoute() {
  const { t } = useTranslation();
  const paths = usePaths();
  const { entries, loaded, error } = useLiveScoreboard();
  const matches = useMemo(() => entries.map((entry) => entry.match), [entries]);

  let body;
  if (matches.length > 0) body = <MatchList matches={matches} matchHref={paths.match} />;
  else if (!loaded && error) body = <PageMessage tone="error" title={t('liveMatches.error')} />;
  else if (!loaded) body = <p className="loading">{t('liveMatches.loading')}</p>;
  else
    body = <PageMessage tone="empty" title={t('liveMatches.emptyTitle')} body={t('liveMatches.emptyBody')} />;

  return (
    <>
      <PageTitle page={t('liveMatches.title')} />
      <div className="page-heading">
        <h1>{t('liveMatches.heading')}</h1>
        {matches.length > 0 && (
          <span className="page-heading__count">{t('liveMatches.count', { count: matches.length })}</span>
        )}
      </div>
      {body}
    </>
  );
}
