import { lazy, memo, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import {
  headToHeadSlug,
  isFinished,
  matchOutcome,
  SPORTS,
  sportOf,
  type Match,
  type NewsItem,
} from '@pitchside/shared/domain';
import type { Ack } from '@pitchside/shared/protocol';
import { outcomeText } from '../../components/match-outcome.tsx';
import { PageMessage } from '../../components/page-message.tsx';
import { loadGuarded } from '../navigation/chunk-guard.ts';
import { fetchMatch } from '../../features/live/api/live-rest.ts';
import { useLiveMatch } from '../../features/live/hooks/use-live-match.ts';
import type { HeldMatch } from '../../features/live/stores/match-slice.ts';
import {
  fetchExtras,
  fetchMeetings,
  fetchStandings,
  NO_EXTRAS,
  type MatchExtras,
} from '../../features/match-centre/api/match-centre-rest.ts';
import { HeadToHeadPanel } from '../../features/match-centre/components/head-to-head-panel.tsx';
import { LineupsPanel } from '../../features/match-centre/components/lineups-panel.tsx';
import { MatchTabs } from '../../features/match-centre/components/match-tabs.tsx';
import { StandingsPanel } from '../../features/match-centre/components/standings-panel.tsx';
import { StatisticsPanel } from '../../features/match-centre/components/statistics-panel.tsx';
import { useMatchExtras } from '../../features/match-centre/hooks/use-match-extras.ts';
import { parseTab, TAB_PARAM, type MatchTab } from '../../features/match-centre/utils/match-tabs.ts';
import { orientSubstitutions } from '../../features/match-centre/utils/orient-substitutions.ts';
import '../../features/match-centre/match-centre.css';
import { fetchNewsAbout } from '../../features/matches/api/match-lists.ts';
import { MatchHeader } from '../../features/matches/components/match-header.tsx';
import { NewsList } from '../../features/matches/components/news-list.tsx';
import { HighlightsLink } from '../../features/media/components/highlights-link.tsx';
import { MatchTimeline } from '../../features/matches/components/match-timeline.tsx';
import { StreamTab } from '../../features/streams/components/stream-tab.tsx';
import { apiFrom, type ApiClient } from '../../lib/api.ts';
import { PageHead } from '../head/page-head.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

interface MatchPageData extends MatchExtras {
  matchId: string;
  initial: Ack<HeldMatch>;
  /** The match's stories from the news feed (its preview and report: those naming both teams). */
  news: Ack<NewsItem[]> | null;
}

/**
 * In the browser, the data of the match page on screen. Switching tabs changes only ?tab, but the router
 * runs the loader again on any navigation: this answers it without reading the match, the table and
 * the meetings again (the socket keeps the match current; the table is live-computed from it). Set while
 * the page is mounted, cleared when it goes, so coming back to a match later reads it afresh.
 */
let onScreen: MatchPageData | null = null;

/** A match has a preview and a report; a feed that carries more about it still fits a short list. */
const MATCH_NEWS_LIMIT = 6;

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const tab = parseTab(new URL(request.url).searchParams.get(TAB_PARAM));
  if (!params.id) return { tab, page: null };
  const api = apiFrom(context);
  if (onScreen?.matchId === params.id)
    return { tab, page: await retryForTab(onScreen, tab, request.signal, api) };

  const initial = await fetchMatch(params.id, request.signal, api);
  if (
    'error' in initial &&
    (initial.error.code === 'match:not-found' || initial.error.code === 'request:invalid')
  ) {
    throw new Response('This page could not be found', { status: 404 });
  }
  // Every tab's data, on the server too: all panels are in the page (the hidden ones as well), so a
  // crawler reading the page's one canonical address gets lineups, statistics, meetings and table.
  const match = 'data' in initial ? initial.data.detail.match : null;
  const [extras, news] = await Promise.all([
    match ? fetchExtras(match, request.signal, api) : NO_EXTRAS,
    match
      ? fetchNewsAbout(
          { teams: [match.home.name, match.away.name], sport: sportOf(match.competition) },
          MATCH_NEWS_LIMIT,
          request.signal,
          api,
        )
      : null,
  ]);
  const page: MatchPageData = { matchId: params.id, initial, ...extras, news };
  return { tab, page };
}

/** Opening a tab whose data failed to load earlier tries that read again (and only that one). */
async function retryForTab(
  page: MatchPageData,
  tab: MatchTab,
  signal: AbortSignal,
  api: ApiClient,
): Promise<MatchPageData> {
  const match = 'data' in page.initial ? page.initial.data.detail.match : null;
  if (!match) return page;
  if (tab === 'table' && page.standings && 'error' in page.standings) {
    const standings = await fetchStandings(match.competition.id, signal, api);
    if ('data' in standings) onScreen = { ...page, standings, statusAtRead: match.status };
  } else if (tab === 'h2h' && page.meetings && 'error' in page.meetings) {
    const meetings = await fetchMeetings(match.home.id, match.away.id, signal, api);
    if ('data' in meetings) onScreen = { ...page, meetings };
  }
  return onScreen ?? page;
}

/**
 * /match/:id: one match, kept current by the socket: header, then timeline, stream, lineups, stats, h2h and
 * table tabs.
 */
export function Component() {
  const { page } = useLoaderData<typeof loader>();
  useEffect(() => {
    onScreen = page;
    return () => {
      onScreen = null;
    };
  }, [page]);
  return page ? <LiveMatchPage key={page.matchId} page={page} /> : <MatchNotFound />;
}

function LiveMatchPage({ page }: { page: MatchPageData }) {
  const { t } = useTranslation();
  const { t: tMatch } = useTranslation('match');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const to = useLocalPath();
  const [searchParams] = useSearchParams();
  const tab = parseTab(searchParams.get(TAB_PARAM));
  // The first answer seeds the socket's copy; later loader runs (tab switches) must not reseed it.
  const [initial] = useState(page.initial);
  const { held, error } = useLiveMatch(page.matchId, initial);
  const extras = useMatchExtras(held?.detail.match ?? null, page);
  // Who came on and who went off, checked against the lineups: the timeline and the pitch both show it.
  const rawEvents = held?.detail.events;
  const rawLineups = held?.detail.lineups;
  const events = useMemo(
    () => (rawEvents && rawLineups ? orientSubstitutions(rawEvents, rawLineups) : []),
    [rawEvents, rawLineups],
  );

  // The panels read only part of the match (their props say which), and a clock tick, which a live match
  // has every second, changes none of it: with props that keep their identity until what they show
  // changes, the memoised panels are not rendered again on every tick (applyDelta keeps what a delta
  // does not touch).
  const current = held?.detail.match;
  const { id, home, away, status, competition, score } = current ?? {};
  const teams = useMemo(
    () => (id && home && away && status ? { id, home, away, status } : null),
    [id, home, away, status],
  );
  const forTable = useMemo(
    () => (teams && competition && score ? { ...teams, competition, score } : null),
    [teams, competition, score],
  );

  if (!held || !teams || !forTable) {
    if (error?.code === 'match:not-found' || error?.code === 'request:invalid') return <MatchNotFound />;
    if (error) return <PageMessage tone="error" title={t('match.error')} />;
    return <p className="loading">{t('match.loading')}</p>;
  }
  const { match, lineups, statistics } = held.detail;
  const names = { home: match.home.name, away: match.away.name, competition: match.competition.name };

  return (
    <article className="match-page" data-match-id={match.id}>
      <PageHead
        title={tPages('match.title', names)}
        description={tPages('match.description', names)}
        jsonLd={sportsEvent(match, outcomeText(match, t))}
      />
      <MatchHeader match={match} />
      {isFinished(match.status) && (
        <HighlightsLink href={to(`/match-highlight/${encodeURIComponent(match.id)}`)} />
      )}
      <MatchTabs
        label={tMatch('tabs.label')}
        selected={tab}
        tabs={[
          {
            id: 'timeline',
            label: tMatch('tabs.timeline'),
            content: (
              <Timeline
                events={events}
                homeTeamId={match.home.id}
                status={match.status}
                score={match.score}
              />
            ),
          },
          {
            id: 'stream',
            label: tMatch('tabs.stream'),
            content: (
              <Stream
                matchId={match.id}
                active={tab === 'stream'}
                pricingHref={to('/pricing')}
                signInHref={`${to('/login')}?redirect=${encodeURIComponent(`${paths.match(match.id)}?tab=stream`)}`}
              />
            ),
          },
          {
            id: 'lineups',
            label: tMatch('tabs.lineups'),
            content: <Lineups match={teams} lineups={lineups} events={events} />,
          },
          {
            id: 'stats',
            label: tMatch('tabs.stats'),
            content: <Statistics match={teams} statistics={statistics} />,
          },
          {
            id: 'h2h',
            label: tMatch('tabs.h2h'),
            content: (
              <HeadToHead
                match={teams}
                meetings={extras.meetings}
                matchHref={paths.match}
                headToHeadHref={paths.headToHead(headToHeadSlug(match.home, match.away))}
              />
            ),
          },
          {
            id: 'table',
            label: tMatch('tabs.table'),
            content: (
              <Standings
                match={forTable}
                standings={extras.standings}
                statusAtRead={extras.statusAtRead ?? match.status}
                teamHref={paths.team}
                leagueHref={paths.league(match.competition.id)}
              />
            ),
          },
        ]}
      />
      {page.news && 'data' in page.news && page.news.data.length > 0 && (
        <section className="match-news" aria-labelledby="match-news-title" data-testid="match-news">
          <h2 id="match-news-title">{tPages('match.news')}</h2>
          <NewsList items={page.news.data} matchHref={paths.match} />
        </section>
      )}
    </article>
  );
}

const Timeline = memo(MatchTimeline);
const Stream = memo(StreamTab);

/**
 * The lineups, statistics, meetings and table are in the server's page (for crawlers, and for a shared
 * ?tab= link), but the first view does not need their code: in the browser each is a chunk of its own,
 * fetched from the moment this page's module runs, and its panel hydrates when the chunk is in (until
 * then the server's HTML stays as it was). Each sits in a Suspense boundary on both sides, so the
 * server's HTML has the boundary the browser hydrates; the server renders the components directly.
 */
function panel<P extends object>(Inner: ComponentType<P>) {
  return memo(function Panel(props: P) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  });
}

/** In the browser: the panel's chunk, requested now, rendered once it is in. */
function chunk<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const loading = loadGuarded(load).then((component) => ({ default: component }));
  return lazy(() => loading);
}

const Lineups = panel(
  import.meta.env.SSR
    ? LineupsPanel
    : chunk(() =>
        import('../../features/match-centre/components/lineups-panel.tsx').then((m) => m.LineupsPanel),
      ),
);
const Statistics = panel(
  import.meta.env.SSR
    ? StatisticsPanel
    : chunk(() =>
        import('../../features/match-centre/components/statistics-panel.tsx').then((m) => m.StatisticsPanel),
      ),
);
const HeadToHead = panel(
  import.meta.env.SSR
    ? HeadToHeadPanel
    : chunk(() =>
        import('../../features/match-centre/components/head-to-head-panel.tsx').then(
          (m) => m.HeadToHeadPanel,
        ),
      ),
);
const Standings = panel(
  import.meta.env.SSR
    ? StandingsPanel
    : chunk(() =>
        import('../../features/match-centre/components/standings-panel.tsx').then((m) => m.StandingsPanel),
      ),
);

/**
 * schema.org SportsEvent. The schema has a status (`eventStatus`: only scheduled, postponed, cancelled
 * and the like, nothing for "in play" or "over", so a match that goes ahead is EventScheduled) but no
 * property for a score: the score goes in the description (after 90 or 120 minutes, then the sentence that
 * names a shoot-out's or a tie's winner), where readers and search snippets use it.
 */
function sportsEvent(match: Match, outcome: string | null): object {
  const { home, away } = matchOutcome(match).score;
  const sport = SPORTS.find((s) => s.slug === sportOf(match.competition))?.name ?? 'Football';
  const team = (t: Match['home']) => ({
    '@type': 'SportsTeam',
    name: t.name,
    ...(t.logo ? { logo: t.logo } : {}),
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${match.home.name} vs ${match.away.name}`,
    startDate: match.kickoff,
    eventStatus: `https://schema.org/${EVENT_STATUS[match.status] ?? 'EventScheduled'}`,
    sport,
    homeTeam: team(match.home),
    awayTeam: team(match.away),
    competitor: [team(match.home), team(match.away)],
    ...(home !== null && away !== null
      ? {
          description: `${match.home.name} ${home}–${away} ${match.away.name}${outcome ? `. ${outcome}` : ''}`,
        }
      : {}),
    ...(match.venue?.name ? { location: { '@type': 'Place', name: match.venue.name } } : {}),
    superEvent: { '@type': 'SportsEvent', name: match.competition.name },
  };
}

const EVENT_STATUS: Partial<Record<Match['status'], string>> = {
  postponed: 'EventPostponed',
  cancelled: 'EventCancelled',
  abandoned: 'EventCancelled',
};

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
