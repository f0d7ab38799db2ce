import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import { GOAL_KINDS, isFinished, isLive, type Match } from '@pitchside/shared/domain';
import type { ScoreboardScope } from '@pitchside/shared/protocol';
import { loadLeague, type LeagueData } from '../../features/explore/api/load-league.ts';
import { LeagueView } from '../../features/explore/components/league-view.tsx';
import { WorldCupBracket } from '../../features/explore/components/world-cup-bracket.tsx';
import { WorldCupFacts } from '../../features/explore/components/world-cup-facts.tsx';
import { WorldCupResults } from '../../features/explore/components/world-cup-results.tsx';
import '../../features/explore/explore.css';
import { onlyRoundChanged, ROUND_PARAM } from '../../features/explore/utils/rounds.ts';
import { WORLD_CUP_2022 } from '../../features/explore/utils/world-cup-2022.ts';
import type { WorldCupGoal } from '../../features/explore/utils/world-cup-rounds.ts';
import { fetchMatch } from '../../features/live/api/live-rest.ts';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { StreamTab } from '../../features/streams/components/stream-tab.tsx';
import { apiFrom, type ApiClient } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath, usePaths } from '../paths.ts';

/** Match details read at once by the loader: enough to be quick, few enough to spare the API. */
const DETAIL_CONCURRENCY = 8;

/**
 * The World Cup's matches when the game API holds the 2022 edition (API-Football's league 1, season 2022;
 * the simulator serves it when replaying openfootball's worldcup_2022.json, SIM_REPLAY), with the scorers
 * of every match that has started; else null and the page states the tournament's facts instead. The API
 * being down is not a reason to fail this page.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const api = apiFrom(context);
  let league: LeagueData | null = null;
  try {
    league = await loadLeague(api, WORLD_CUP_2022.competitionId, request.signal);
  } catch (error) {
    if (request.signal.aborted) throw error;
  }
  const held =
    league &&
    league.competition.season === WORLD_CUP_2022.season &&
    /world cup/i.test(league.competition.name);
  if (!held) return { league: null, goals: {} };
  const started = ('data' in league!.matches ? league!.matches.data : [])
    .map((e) => e.match)
    .filter((m) => isLive(m.status) || isFinished(m.status));
  return { league, goals: await loadGoals(api, started, request.signal) };
}

/** Each started match's goals (own goals on the side they count for), by match id. */
async function loadGoals(
  api: ApiClient,
  matches: readonly Match[],
  signal: AbortSignal,
): Promise<Record<string, WorldCupGoal[]>> {
  const goals: Record<string, WorldCupGoal[]> = {};
  const queue = [...matches];
  const worker = async () => {
    for (let match = queue.shift(); match; match = queue.shift()) {
      const answer = await fetchMatch(match.id, signal, api);
      if (!('data' in answer)) continue;
      const { detail } = answer.data;
      goals[match.id] = detail.events
        .filter((e) => GOAL_KINDS.has(e.kind) && e.player)
        .map((e) => ({
          side: e.teamId === detail.match.away.id ? 'away' : 'home',
          minute: e.minute,
          stoppage: e.stoppage,
          player: e.player!.name,
          kind: e.kind as WorldCupGoal['kind'],
        }));
    }
  };
  await Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, worker));
  return goals;
}

/** Another round is already on the page: picking it fetches nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (onlyRoundChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

/** /league/fifa-world-cup-2022-live-streaming */
export function Component() {
  const { league, goals } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  const paths = usePaths();
  return (
    <article className="explore-page" data-testid="world-cup-page" data-source={league ? 'api' : 'facts'}>
      <StaticPageHead page="world-cup-2022" />
      {league ? (
        <ReplayedWorldCup league={league} goals={goals} />
      ) : (
        <>
          <div className="page-heading">
            <h1>{t('world-cup-2022.title')}</h1>
          </div>
          <WorldCupFacts
            liveHref={paths.liveMatches()}
            highlightsHref={paths.page('/highlight')}
            leaguesHref={paths.leagues()}
          />
        </>
      )}
    </article>
  );
}

/**
 * The tournament from the game API, kept live by the socket: the group tables and a round of fixtures
 * (the league view), the knockout bracket, every match with its result and scorers, and the stream of the
 * match in play (else the final) through the match page's stream panel, paywall included.
 */
function ReplayedWorldCup({
  league,
  goals,
}: {
  league: LeagueData;
  goals: Readonly<Record<string, readonly WorldCupGoal[]>>;
}) {
  const [search] = useSearchParams();
  const { t } = useTranslation('explore');
  const paths = usePaths();
  const to = useLocalPath();
  const { competition, matches } = league;
  const scope = useMemo<ScoreboardScope>(
    () => ({ kind: 'competition', competitionId: competition.id }),
    [competition.id],
  );
  const { entries, error } = useLiveScoreboard(scope, matches);
  const all = useMemo(() => entries.map((e) => e.match), [entries]);
  const featured =
    all.find((m) => isLive(m.status)) ?? all.find((m) => m.round === 'Final') ?? all[all.length - 1];
  const streamHref = (matchId: string) => `${paths.match(matchId)}?tab=stream`;
  return (
    <>
      <LeagueView
        competition={competition}
        standings={league.standings}
        standingsFailed={league.standingsFailed}
        entries={entries}
        initialEntries={'data' in matches ? matches.data : []}
        matchesFailed={error !== null}
        roundParam={search.get(ROUND_PARAM)}
        roundHref={(key) =>
          `${paths.page('/league/fifa-world-cup-2022-live-streaming')}?${ROUND_PARAM}=${encodeURIComponent(key)}`
        }
        matchHref={paths.match}
        teamHref={paths.team}
      />
      <WorldCupBracket matches={all} matchHref={paths.match} />
      {featured && (
        <section className="wc-stream" data-testid="wc-stream" data-match-id={featured.id}>
          <p className="wc-stream__match">
            {t('worldCup.streamOf', { home: featured.home.name, away: featured.away.name })}
          </p>
          <StreamTab
            matchId={featured.id}
            active
            pricingHref={to('/pricing')}
            signInHref={`${to('/login')}?redirect=${encodeURIComponent(streamHref(featured.id))}`}
          />
        </section>
      )}
      <WorldCupResults matches={all} goals={goals} matchHref={paths.match} streamHref={streamHref} />
    </>
  );
}
