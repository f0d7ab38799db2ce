import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_SPORT, SPORTS, sportOf, type Competition } from '@pitchside/shared/domain';
import { fetchCompetitions } from '../../features/explore/api/explore-api.ts';
import { CompetitionDirectory } from '../../features/explore/components/competition-directory.tsx';
import { Notice } from '../../features/explore/components/notice.tsx';
import '../../features/explore/explore.css';
import { FavouriteStar } from '../../features/favourites/favourite-star.tsx';
import { useFavourites } from '../../features/favourites/favourites-store.ts';
import { apiFrom } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const sport = new URL(request.url).searchParams.get('sport');
  const known = SPORTS.some((s) => s.slug === sport);
  return {
    sport: known && sport ? sport : DEFAULT_SPORT,
    competitions: await fetchCompetitions(apiFrom(context), request.signal),
  };
}

/** /league: every competition by country, international first, favourites on top, with a filter box. */
export function Component() {
  const { sport, competitions } = useLoaderData<typeof loader>();
  const { t } = useTranslation('explore');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const { locale } = useFormat();
  const { competition: favourites } = useFavourites();
  const ofSport = useMemo(
    () => ('data' in competitions ? competitions.data.filter((c) => sportOf(c) === sport) : []),
    [competitions, sport],
  );
  const star = useCallback(
    (competition: Competition) => (
      <FavouriteStar kind="competition" id={competition.id} name={competition.name} />
    ),
    [],
  );

  return (
    <>
      <StaticPageHead page="league-list" />
      <div className="page-heading">
        <h1>{tPages('league-list.title')}</h1>
        {ofSport.length > 0 && (
          <span className="page-heading__count">{t('leagues.count', { count: ofSport.length })}</span>
        )}
      </div>
      <nav className="sport-tabs" aria-label={t('sports.choose')}>
        {SPORTS.map((s) => (
          <Link
            key={s.slug}
            to={s.slug === DEFAULT_SPORT ? paths.leagues() : `${paths.leagues()}?sport=${s.slug}`}
            className="sport-tabs__tab"
            aria-current={s.slug === sport ? 'page' : undefined}
            data-testid={`league-sport-${s.slug}`}
          >
            {t(`sports.name.${s.slug}`)}
          </Link>
        ))}
      </nav>
      {'error' in competitions ? (
        <Notice tone="error">{t('leagues.error')}</Notice>
      ) : ofSport.length === 0 ? (
        <Notice>{t('leagues.empty')}</Notice>
      ) : (
        <CompetitionDirectory
          competitions={ofSport}
          leagueHref={paths.league}
          favourites={favourites}
          star={star}
          locale={locale}
        />
      )}
    </>
  );
}
