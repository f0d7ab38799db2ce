import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import type { ScoreboardScope } from '@pitchside/shared/protocol';
import { competitionStar } from '../../features/favourites/favourite-star.tsx';
import { useFavourites } from '../../features/favourites/favourites-store.ts';
import { useContentReload } from '../../lib/content-topics/use-content-topic.ts';
import { LIVE_SCOPE, useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import {
  fetchDayMatches,
  fetchHotMatches,
  fetchLiveList,
  fetchNews,
} from '../../features/matches/api/match-lists.ts';
import { HotMatchList } from '../../features/matches/components/hot-match-list.tsx';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { ListSection, sectionTitleId } from '../../features/matches/components/list-section.tsx';
import { MatchList } from '../../features/matches/components/match-list.tsx';
import { NewsList } from '../../features/matches/components/news-list.tsx';
import { useLatestEntries } from '../../features/matches/hooks/use-latest-entries.ts';
import { useLoaderZoneInSync } from '../../features/matches/hooks/use-loader-zone-in-sync.ts';
import { loaderTimeZone } from '../../features/matches/utils/loader-time-zone.ts';
import { apiFrom } from '../../lib/api.ts';
import { dayOf } from '../../lib/format.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

/** How much of each list the home page shows; each section links to its full page. */
const LIVE_LIMIT = 10;
const HOT_LIMIT = 6;
const NEWS_LIMIT = 6;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const api = apiFrom(context);
  const { signal } = request;
  const timeZone = loaderTimeZone(request, context);
  const today = dayOf(new Date(), timeZone);
  const [live, hot, day, news] = await Promise.all([
    fetchLiveList(signal, api),
    fetchHotMatches(signal, api),
    fetchDayMatches(today, timeZone, signal, api),
    fetchNews(NEWS_LIMIT, signal, api),
  ]);
  return { timeZone, today, live, hot, day, news };
}

/**
 * The home page: what is live now, the hot matches, today's matches by competition and the latest news,
 * all in the first HTML; scores then move by themselves over the socket. Favourites come first.
 */
export function Component() {
  const { timeZone, today, live, hot: loadedHot, day, news } = useLoaderData<typeof loader>();
  // An operator's pin shows at once: the hot list is read again on `content:changed`.
  const hot = useContentReload(contentTopics.hotMatches, loadedHot, fetchHotMatches);
  const { t } = useTranslation('matches');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const favourites = useFavourites();
  useLoaderZoneInSync(timeZone);

  const liveBoard = useLiveScoreboard(LIVE_SCOPE, live);
  const dayScope = useMemo<ScoreboardScope>(
    () => ({ kind: 'date', date: today, tz: timeZone }),
    [today, timeZone],
  );
  const dayBoard = useLiveScoreboard(dayScope, day);
  const hotBase = useMemo(() => ('data' in hot ? hot.data.slice(0, HOT_LIMIT) : []), [hot]);
  const hotEntries = useLatestEntries(hotBase, liveBoard.entries, dayBoard.entries);

  const liveMatches = useMemo(() => liveBoard.entries.map((e) => e.match), [liveBoard.entries]);
  const dayMatches = useMemo(() => dayBoard.entries.map((e) => e.match), [dayBoard.entries]);
  const hotMatches = useMemo(() => hotEntries.map((e) => e.match), [hotEntries]);

  return (
    <>
      <StaticPageHead page="home" />
      <div className="page-heading">
        <h1>{tPages('home.title')}</h1>
      </div>
      <div className="home-grid">
        <ListSection
          id="live"
          title={t('home.live.title')}
          meta={liveMatches.length > 0 ? t('list.count', { count: liveMatches.length }) : undefined}
          more={{ to: paths.liveMatches(), label: t('home.live.all') }}
        >
          {liveMatches.length > 0 ? (
            <>
              <MatchList
                matches={liveMatches}
                matchHref={paths.match}
                favourites={favourites}
                competitionAction={competitionStar}
                headingLevel={3}
                limit={LIVE_LIMIT}
                idPrefix="live"
                contextLabelId={sectionTitleId('live')}
              />
              {liveMatches.length > LIVE_LIMIT && (
                <p className="list-section__footer">
                  <Link to={paths.liveMatches()} className="list-section__more">
                    {t('home.live.more', { count: liveMatches.length - LIVE_LIMIT })}
                  </Link>
                </p>
              )}
            </>
          ) : liveBoard.error && !liveBoard.loaded ? (
            <ListMessage tone="error" title={t('home.live.error')} />
          ) : (
            <ListMessage title={t('home.live.empty')} />
          )}
        </ListSection>

        <ListSection
          id="hot"
          title={t('home.hot.title')}
          more={{ to: paths.hotMatches(), label: t('home.hot.all') }}
        >
          {hotMatches.length > 0 ? (
            <HotMatchList matches={hotMatches} matchHref={paths.match} variant="grid" />
          ) : 'error' in hot ? (
            <ListMessage tone="error" title={t('home.hot.error')} />
          ) : (
            <ListMessage title={t('home.hot.empty')} />
          )}
        </ListSection>

        <ListSection
          id="today"
          title={t('home.today.title')}
          meta={dayMatches.length > 0 ? t('list.count', { count: dayMatches.length }) : undefined}
          more={{ to: paths.fixtures(), label: t('home.today.all') }}
        >
          {dayMatches.length > 0 ? (
            <MatchList
              matches={dayMatches}
              matchHref={paths.match}
              favourites={favourites}
              competitionAction={competitionStar}
              headingLevel={3}
              idPrefix="today"
              contextLabelId={sectionTitleId('today')}
            />
          ) : dayBoard.error && !dayBoard.loaded ? (
            <ListMessage tone="error" title={t('home.today.error')} />
          ) : (
            <ListMessage title={t('home.today.empty')} />
          )}
        </ListSection>

        <ListSection id="news" title={t('home.news.title')}>
          {'data' in news && news.data.length > 0 ? (
            <NewsList items={news.data} matchHref={paths.match} />
          ) : 'error' in news ? (
            <ListMessage tone="error" title={t('home.news.error')} />
          ) : (
            <ListMessage title={t('home.news.empty')} />
          )}
        </ListSection>
      </div>
    </>
  );
}
