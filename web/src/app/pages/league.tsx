import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import { sportOf } from '@pitchside/shared/domain';
import type { ScoreboardScope } from '@pitchside/shared/protocol';
import { loadLeague } from '../../features/explore/api/load-league.ts';
import { LeagueView } from '../../features/explore/components/league-view.tsx';
import '../../features/explore/explore.css';
import { FavouriteStar } from '../../features/favourites/favourite-star.tsx';
import { useLiveScoreboard } from '../../features/live/hooks/use-live-scoreboard.ts';
import { onlyRoundChanged, ROUND_PARAM } from '../../features/explore/utils/rounds.ts';
import { apiFrom } from '../../lib/api.ts';
import { PageHead } from '../head/page-head.tsx';
import { usePaths } from '../paths.ts';

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const league = await loadLeague(apiFrom(context), params.id ?? '', request.signal);
  if (!league) throw new Response('This page could not be found', { status: 404 });
  return league;
}

/** Another round is already on the page: picking it fetches nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (onlyRoundChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

/** /league/:id: a competition's header, its round of fixtures and results (live), and its table. */
export function Component() {
  const { competition, standings, standingsFailed, matches } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const scope = useMemo<ScoreboardScope>(
    () => ({ kind: 'competition', competitionId: competition.id }),
    [competition.id],
  );
  const { entries, error } = useLiveScoreboard(scope, matches);
  const names = { name: competition.name };

  return (
    <article className="explore-page" data-testid="league-page" data-competition-id={competition.id}>
      <PageHead
        title={tPages('league.title', names)}
        description={tPages('league.description', names)}
        image={competition.logo}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'SportsOrganization',
          name: competition.name,
          sport: sportOf(competition) === 'basketball' ? 'Basketball' : 'Football',
          ...(competition.logo ? { logo: competition.logo } : {}),
        }}
      />
      <LeagueView
        competition={competition}
        standings={standings}
        standingsFailed={standingsFailed}
        entries={entries}
        initialEntries={'data' in matches ? matches.data : []}
        matchesFailed={error !== null}
        roundParam={search.get(ROUND_PARAM)}
        roundHref={(key) => `${paths.league(competition.id)}?${ROUND_PARAM}=${encodeURIComponent(key)}`}
        matchHref={paths.match}
        teamHref={paths.team}
        star={<FavouriteStar kind="competition" id={competition.id} name={competition.name} />}
      />
    </article>
  );
}
