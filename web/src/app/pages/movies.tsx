import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { contentTopics } from '@pitchside/shared/content';
import { fetchMovies } from '../../features/media/api/media-rest.ts';
import { MovieList } from '../../features/media/components/movie-list.tsx';
import { useContentRevalidation } from '../../features/media/hooks/use-content-revalidation.ts';
import { ListMessage } from '../../features/matches/components/list-message.tsx';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export const loader = async ({ context, request }: LoaderFunctionArgs) => ({
  movies: await fetchMovies(request.signal, apiFrom(context)),
});

/**
 * /movies: the film catalogue (poster, title, year, synopsis, free or premium). A film plays in its row;
 * a premium one needs a plan, as premium match streams do, and shows the same paywall without one. The
 * operators' changes show on an open page by themselves.
 */
export function Component() {
  const { movies } = useLoaderData<typeof loader>();
  const { t } = useTranslation('media');
  const to = useLocalPath();
  useContentRevalidation(contentTopics.movies);
  return (
    <section className="media-page" data-testid="movies-page">
      <StaticPageHead page="movies" />
      <div className="page-heading">
        <h1>{t('movies.title')}</h1>
      </div>
      <p className="page-lead">{t('movies.lead')}</p>
      {'error' in movies ? (
        <ListMessage tone="error" title={t('movies.error')} />
      ) : movies.data.length === 0 ? (
        <ListMessage title={t('movies.empty')} />
      ) : (
        <MovieList
          movies={movies.data}
          pricingHref={to('/pricing')}
          signInHref={`${to('/login')}?redirect=${encodeURIComponent(to('/movies'))}`}
        />
      )}
    </section>
  );
}
