import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { competitionStar } from '../../features/favourites/favourite-star.tsx';
import { useFavourites } from '../../features/favourites/favourites-store.ts';
import { LIVE_SCOPE, useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { fetchLiveList } from '../../features/matches/api/match-lists.ts';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { MatchList } from '../../features/matches/components/match-list.tsx';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { live: await fetchLiveList(request.signal, apiFrom(context)) };
}

/** /live-matches: every match in play, grouped by competition (favourites first), kept current by the socket. */
export function Component() {
  const { live } = useLoaderData<typeof loader>();
  const { t } = useTranslation('matches');
  const paths = usePaths();
  const favourites = useFavourites();
  const { entries, loaded, error } = useLiveScoreboard(LIVE_SCOPE, live);
  const matches = useMemo(() => entries.map((entry) => entry.match), [entries]);

  let body;
  if (matches.length > 0)
    body = (
      <MatchList
        matches={matches}
        matchHref={paths.match}
        favourites={favourites}
        competitionAction={competitionStar}
      />
    );
  else if (!loaded && error) body = <ListMessage tone="error" title={t('live.error')} />;
  else if (!loaded) body = <p className="loading">{t('live.loading')}</p>;
  else body = <ListMessage title={t('live.emptyTitle')} body={t('live.emptyBody')} />;

  return (
    <>
      <StaticPageHead page="live-matches" />
      <div className="page-heading">
        <h1>{t('live.heading')}</h1>
        {matches.length > 0 && (
          <span className="page-heading__count" data-testid="match-count">
            {t('list.count', { count: matches.length })}
          </span>
        )}
      </div>
      {body}
    </>
  );
}
