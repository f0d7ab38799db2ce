import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { sportOf } from '@pitchside/shared/domain';
import type { ScoreboardScope, SportPage } from '@pitchside/shared/protocol';
import { fetchSportPage, fetchSports, isMissing } from '../../features/explore/api/explore-api.ts';
import { Notice } from '../../features/explore/components/notice.tsx';
import { SportList } from '../../features/explore/components/sport-list.tsx';
import '../../features/explore/explore.css';
import { useSportName } from '../../features/explore/hooks/use-sport-name.ts';
import { mergeEntries } from '../../features/explore/utils/merge-entries.ts';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { Crest } from '../../components/crest.tsx';
import { MatchList } from '../../features/matches/components/match-list.tsx';
import { apiFrom } from '../../lib/api.ts';
import { dayOf, formatDate, useFormat } from '../../lib/format.ts';
import { PageHead } from '../head/page-head.tsx';
import { usePaths } from '../paths.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day shown: ?date= when given, else today. The server renderer does not pass loaders the visitor's
 * time zone, so a first view counts "today" in UTC; in the browser the visitor's own zone is used.
 */
function dayAsked(url: URL): { date: string; tz: string } {
  const tz =
    typeof window === 'undefined' ? 'UTC' : (Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC');
  const asked = url.searchParams.get('date');
  return { date: asked && DAY.test(asked) ? asked : dayOf(new Date(), tz), tz };
}

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const api = apiFrom(context);
  if (!params.slug) return { kind: 'index' as const, sports: await fetchSports(api, request.signal) };
  const day = dayAsked(new URL(request.url));
  const page = await fetchSportPage(api, params.slug, day, request.signal);
  if (isMissing(page)) throw new Response('This page could not be found', { status: 404 });
  if ('error' in page) throw new Response(page.error.message, { status: 503 });
  return { kind: 'sport' as const, page: page.data, day };
}

/** /sport/:slug?: a sport's competitions and the day's matches (live), or the list of sports. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  return data.kind === 'index' ? (
    <SportsIndex sports={data.sports} />
  ) : (
    <SportDay key={`${data.page.sport.slug}:${data.day.date}`} page={data.page} day={data.day} />
  );
}

function SportsIndex({ sports }: { sports: Awaited<ReturnType<typeof fetchSports>> }) {
  const { t } = useTranslation('explore');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  return (
    <>
      <PageHead title={tPages('_fallback.sport')} description={t('sports.description')} />
      <div className="page-heading">
        <h1>{tPages('_fallback.sport')}</h1>
      </div>
      {'error' in sports ? (
        <Notice tone="error">{t('sports.error')}</Notice>
      ) : (
        <SportList sports={sports.data} sportHref={paths.sport} />
      )}
    </>
  );
}

function SportDay({ page, day }: { page: SportPage; day: { date: string; tz: string } }) {
  const { t } = useTranslation('explore');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const format = useFormat();
  const sportName = useSportName();
  const { sport, competitions } = page;
  const name = sportName(sport);

  // The day's scoreboard covers every sport: this page keeps its own sport's matches from it.
  const scope = useMemo<ScoreboardScope>(
    () => ({ kind: 'date', date: day.date, tz: day.tz }),
    [day.date, day.tz],
  );
  const { entries: feed, loaded } = useLiveScoreboard(scope);
  const matches = useMemo(() => {
    const own = loaded ? feed.filter((e) => sportOf(e.match.competition) === sport.slug) : page.matches;
    return mergeEntries(own, page.matches).map((e) => e.match);
  }, [feed, loaded, page.matches, sport.slug]);

  return (
    <article className="explore-page" data-testid="sport-page" data-sport={sport.slug}>
      <PageHead title={tPages('sport.title', { name })} description={tPages('sport.description', { name })} />
      <div className="page-heading">
        <h1>{name}</h1>
        <span className="page-heading__count" data-testid="sport-live-count">
          {t('sports.live', { count: sport.live })}
        </span>
      </div>

      <section className="explore-card" aria-labelledby="sport-matches-title" data-testid="sport-matches">
        <div className="explore-card__head">
          <h2 className="explore-card__title" id="sport-matches-title">
            {t('sports.matchesOn')}
          </h2>
          <span className="explore-card__meta">
            <time dateTime={day.date}>
              {formatDate(`${day.date}T12:00:00Z`, 'date', format.locale, 'UTC')}
            </time>
          </span>
        </div>
        {matches.length > 0 ? (
          <MatchList matches={matches} matchHref={paths.match} />
        ) : (
          <Notice>{t('sports.noMatches', { sport: name })}</Notice>
        )}
      </section>

      <section
        className="explore-card"
        aria-labelledby="sport-competitions-title"
        data-testid="sport-competitions"
      >
        <h2 className="explore-card__title" id="sport-competitions-title">
          {t('sports.competitions')}
        </h2>
        {competitions.length > 0 ? (
          <ul className="link-list">
            {competitions.map((competition) => (
              <li key={competition.id} data-testid="sport-competition">
                <Link className="link-list__link" to={paths.league(competition.id)}>
                  <Crest src={competition.logo} name={competition.name} size="md" />
                  <span className="link-list__text">
                    <span>{competition.name}</span>
                    {competition.country && <span className="link-list__meta">{competition.country}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <Notice>{t('sports.noCompetitions')}</Notice>
        )}
      </section>
    </article>
  );
}
