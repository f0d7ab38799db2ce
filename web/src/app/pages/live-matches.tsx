import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PageMessage } from '../../components/page-message.tsx';
import { fetchLiveMatches } from '../../features/live/api/live-rest.ts';
import { LIVE_SCOPE, useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { MatchList } from '../../features/matches/components/match-list.tsx';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { live: await fetchLiveMatches(request.signal, apiFrom(context)) };
}

/** /live-matches: every match in play, grouped by competition, kept current by the socket. */
export function Component() {
  const { live } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const paths = usePaths();
  const { entries, loaded, error } = useLiveScoreboard(LIVE_SCOPE, live);
  const matches = useMemo(() => entries.map((entry) => entry.match), [entries]);

  let body;
  if (matches.length > 0) body = <MatchList matches={matches} matchHref={paths.match} />;
  else if (!loaded && error) body = <PageMessage tone="error" title={t('liveMatches.error')} />;
  else if (!loaded) body = <p className="loading">{t('liveMatches.loading')}</p>;
  else
    body = <PageMessage tone="empty" title={t('liveMatches.emptyTitle')} body={t('liveMatches.emptyBody')} />;

  return (
    <>
      <StaticPageHead page="live-matches" />
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
