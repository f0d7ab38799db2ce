import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type To } from 'react-router-dom';
import { isLive } from '@pitchside/shared/domain';
import type { ScoreboardScope } from '@pitchside/shared/protocol';
import { competitionStar } from '../../features/favourites/favourite-star.tsx';
import { useFavourites } from '../../features/favourites/favourites-store.ts';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { fetchDayMatches } from '../../features/matches/api/match-lists.ts';
import { DateStrip } from '../../features/matches/components/date-strip.tsx';
import { DayFilters } from '../../features/matches/components/day-filters.tsx';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { MatchList } from '../../features/matches/components/match-list.tsx';
import { useLoaderZoneInSync } from '../../features/matches/hooks/use-loader-zone-in-sync.ts';
import { parseDay, stripDays } from '../../features/matches/utils/calendar-day.ts';
import { longDate } from '../../features/matches/utils/day-names.ts';
import { loaderTimeZone } from '../../features/matches/utils/loader-time-zone.ts';
import { apiFrom } from '../../lib/api.ts';
import { dayOf } from '../../lib/format.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

/**
 * The address holds the choice: ?date=YYYY-MM-DD (a day in the visitor's time zone; none is today) and
 * ?live=1 (only the matches in play). A date that is not one shows today, with a notice.
 */

export async function loader({ context, request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const timeZone = loaderTimeZone(request, context);
  const today = dayOf(new Date(), timeZone);
  const asked = query.get('date');
  const parsed = parseDay(asked);
  const date = parsed ?? today;
  const day = await fetchDayMatches(date, timeZone, request.signal, apiFrom(context));
  return {
    timeZone,
    today,
    date,
    liveOnly: query.get('live') === '1',
    // What was asked, to say so (cut short: it is the visitor's text, echoed).
    invalidDate: asked && !parsed ? asked.slice(0, 40) : null,
    day,
  };
}

/** /fixtures-results: a day's matches by competition, results and local kickoff times, live ones ticking. */
export function Component() {
  const { timeZone, today, date, liveOnly, invalidDate, day } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('matches');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const favourites = useFavourites();
  useLoaderZoneInSync(timeZone);

  const scope = useMemo<ScoreboardScope>(() => ({ kind: 'date', date, tz: timeZone }), [date, timeZone]);
  const board = useLiveScoreboard(scope, day);
  const all = useMemo(() => board.entries.map((e) => e.match), [board.entries]);
  const matches = useMemo(() => (liveOnly ? all.filter((m) => isLive(m.status)) : all), [all, liveOnly]);

  const dayHref = (target: string): To => {
    const search = new URLSearchParams();
    if (target !== today) search.set('date', target);
    if (liveOnly) search.set('live', '1');
    return { pathname: paths.fixtures(), search: search.size > 0 ? `?${search}` : '' };
  };

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
  else if (!board.loaded && board.error) body = <ListMessage tone="error" title={t('fixtures.error')} />;
  else if (liveOnly && all.length > 0)
    body = <ListMessage title={t('fixtures.emptyLiveTitle')} body={t('fixtures.emptyLiveBody')} />;
  else body = <ListMessage title={t('fixtures.emptyTitle')} body={t('fixtures.emptyBody')} />;

  return (
    <>
      <StaticPageHead page="fixtures-results" noindex={invalidDate !== null} />
      <div className="page-heading">
        <h1>{tPages('fixtures-results.title')}</h1>
        {matches.length > 0 && (
          <span className="page-heading__count" data-testid="match-count">
            {t('list.count', { count: matches.length })}
          </span>
        )}
      </div>
      <p className="page-lead">
        <time dateTime={date} data-testid="fixtures-day">
          {longDate(date, i18n.language)}
        </time>
      </p>
      {invalidDate !== null && (
        <p className="notice" role="status" data-testid="invalid-date">
          {t('fixtures.invalidDate', { value: invalidDate })}
        </p>
      )}
      <DateStrip days={stripDays(date, today)} selected={date} today={today} dayHref={dayHref} />
      <DayFilters day={date} today={today} liveOnly={liveOnly} />
      {body}
    </>
  );
}
