import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMovies } from '../../features/media/api/media-rest.ts';
import { MovieList } from '../../features/media/components/movie-list.tsx';
import { apiFrom } from '../../lib/api.ts';
import { MediaPage } from '../media-page.tsx';
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
  const to = useLocalPath();
  return (
    <MediaPage page="movies" catalogue="movies" testId="movies-page" items={movies}>
      {(list) => (
        <MovieList
          movies={list}
          pricingHref={to('/pricing')}
          signInHref={`${to('/login')}?redirect=${encodeURIComponent(to('/movies'))}`}
        />
      )}
    </MediaPage>
  );
}
