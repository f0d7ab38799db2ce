import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import type { ScoreboardScope } from '@pitchside/shared/protocol';
import { useContentReload } from '../../lib/content-topics/use-content-topic.ts';
import { LIVE_SCOPE, useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { fetchHotMatches } from '../../features/matches/api/match-lists.ts';
import { HotMatchList } from '../../features/matches/components/hot-match-list.tsx';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { useLatestEntries } from '../../features/matches/hooks/use-latest-entries.ts';
import { useLoaderZoneInSync } from '../../features/matches/hooks/use-loader-zone-in-sync.ts';
import { loaderTimeZone } from '../../features/matches/utils/loader-time-zone.ts';
import { apiFrom } from '../../lib/api.ts';
import { dayOf } from '../../lib/format.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const timeZone = loaderTimeZone(request, context);
  return {
    timeZone,
    today: dayOf(new Date(), timeZone),
    hot: await fetchHotMatches(request.signal, apiFrom(context)),
  };
}

/**
 * /hot-matches: the matches of the moment in the server's ranking. The ranking is read once; scores and
 * clocks move by themselves, from the live board (matches in play) and today's (a match that just ended
 * keeps its final score).
 */
export function Component() {
  const { timeZone, today, hot: loadedHot } = useLoaderData<typeof loader>();
  // An operator's pin shows at once: the ranking is read again on `content:changed`.
  const hot = useContentReload(contentTopics.hotMatches, loadedHot, fetchHotMatches);
  const { t } = useTranslation('matches');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  useLoaderZoneInSync(timeZone);

  const liveBoard = useLiveScoreboard(LIVE_SCOPE);
  const dayScope = useMemo<ScoreboardScope>(
    () => ({ kind: 'date', date: today, tz: timeZone }),
    [today, timeZone],
  );
  const dayBoard = useLiveScoreboard(dayScope);
  const base = useMemo(() => ('data' in hot ? hot.data : []), [hot]);
  const entries = useLatestEntries(base, liveBoard.entries, dayBoard.entries);
  const matches = useMemo(() => entries.map((e) => e.match), [entries]);

  return (
    <>
      <StaticPageHead page="hot-matches" />
      <div className="page-heading">
        <h1>{tPages('hot-matches.title')}</h1>
        {matches.length > 0 && (
          <span className="page-heading__count" data-testid="match-count">
            {t('list.count', { count: matches.length })}
          </span>
        )}
      </div>
      <p className="page-lead">{t('hot.lead')}</p>
      {matches.length > 0 ? (
        <HotMatchList matches={matches} matchHref={paths.match} />
      ) : 'error' in hot ? (
        <ListMessage tone="error" title={t('hot.error')} />
      ) : (
        <ListMessage title={t('hot.emptyTitle')} body={t('hot.emptyBody')} />
      )}
    </>
  );
}
