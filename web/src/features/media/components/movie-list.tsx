import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Movie } from '@pitchside/shared/content';
import { LazyImage } from '../../../components/lazy-media.tsx';
import { AccessBadge } from './access-badge.tsx';
import { PlayStage } from './play-stage.tsx';
import '../../../components/player/player.css';
import '../media.css';

export interface MovieListProps {
  movies: readonly Movie[];
  pricingHref: string;
  /** Where "Sign in" on the paywall goes, coming back to the films afterwards. */
  signInHref: string;
}

/**
 * The film catalogue: poster, title, year, synopsis and a free/premium badge; "Watch" plays the film in its
 * card (premium: with a plan, else the paywall).
 */
export function MovieList({ movies, pricingHref, signInHref }: MovieListProps) {
  const { t } = useTranslation('media');
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <ul className="media-list" aria-label={t('movies.listLabel')} data-testid="movie-list">
      {movies.map((movie) => {
        const headingId = `movie-${movie.id}`;
        const open = playing === movie.id;
        return (
          <li key={movie.id}>
            <article
              className="media-row"
              aria-labelledby={headingId}
              data-testid="movie"
              data-movie-id={movie.id}
              data-access={movie.access}
            >
              <div className="media-row__poster">
                {movie.posterUrl ? (
                  <LazyImage className="media-row__image" src={movie.posterUrl} alt="" />
                ) : (
                  <span className="media-row__image media-card__poster--blank" />
                )}
              </div>
              <div className="media-row__body">
                <h2 className="media-row__title" id={headingId}>
                  {movie.title}
                </h2>
                <p className="media-row__meta">
                  <AccessBadge access={movie.access} />
                  {movie.year !== null && (
                    <span>
                      <span className="visually-hidden">{t('movies.year')}: </span>
                      {movie.year}
                    </span>
                  )}
                </p>
                {movie.synopsis && <p className="media-row__synopsis">{movie.synopsis}</p>}
                <button
                  type="button"
                  className="stream-button"
                  aria-expanded={open}
                  onClick={() => setPlaying(open ? null : movie.id)}
                  data-testid="movie-play"
                >
                  {open ? t('movies.close') : t('movies.play', { title: movie.title })}
                </button>
              </div>
              {open && (
                <div className="media-row__stage">
                  <PlayStage
                    kind="movies"
                    id={movie.id}
                    title={movie.title}
                    pricingHref={pricingHref}
                    signInHref={signInHref}
                  />
                </div>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
