import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import type { ScoreboardScope } from '@pitchside/shared/protocol';
import { loadLeague, type LeagueData } from '../../features/explore/api/load-league.ts';
import { LeagueView } from '../../features/explore/components/league-view.tsx';
import { WorldCupFacts } from '../../features/explore/components/world-cup-facts.tsx';
import '../../features/explore/explore.css';
import { onlyRoundChanged, ROUND_PARAM } from '../../features/explore/utils/rounds.ts';
import { WORLD_CUP_2022 } from '../../features/explore/utils/world-cup-2022.ts';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

/**
 * The World Cup's matches when the game API holds the 2022 edition (API-Football's league 1, season 2022;
 * the simulator serves it when replaying openfootball's worldcup_2022.json, SIM_REPLAY), else null and
 * the page states the tournament's facts instead. The API being down is not a reason to fail this page.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  let league: LeagueData | null = null;
  try {
    league = await loadLeague(apiFrom(context), WORLD_CUP_2022.competitionId, request.signal);
  } catch (error) {
    if (request.signal.aborted) throw error;
  }
  const held =
    league &&
    league.competition.season === WORLD_CUP_2022.season &&
    /world cup/i.test(league.competition.name);
  return { league: held ? league : null };
}

/** Another round is already on the page: picking it fetches nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (onlyRoundChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

/** /league/fifa-world-cup-2022-live-streaming */
export function Component() {
  const { league } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  const paths = usePaths();
  return (
    <article className="explore-page" data-testid="world-cup-page" data-source={league ? 'api' : 'facts'}>
      <StaticPageHead page="world-cup-2022" />
      {league ? (
        <ReplayedWorldCup league={league} />
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

function ReplayedWorldCup({ league }: { league: LeagueData }) {
  const [search] = useSearchParams();
  const paths = usePaths();
  const { competition, matches } = league;
  const scope = useMemo<ScoreboardScope>(
    () => ({ kind: 'competition', competitionId: competition.id }),
    [competition.id],
  );
  const { entries, error } = useLiveScoreboard(scope, matches);
  return (
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
  );
}
