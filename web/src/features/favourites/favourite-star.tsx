import { useTranslation } from 'react-i18next';
import { useFavourites, useFavouritesStore, type FavouriteKind } from './favourites-store.ts';

/** The star that adds a team or competition to the visitor's favourites (a toggle button). */
export function FavouriteStar({ kind, id, name }: { kind: FavouriteKind; id: string; name: string }) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const on = favourites[kind].has(id);
  return (
    <button
      type="button"
      className={`favourite-star ${on ? 'favourite-star--on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { name })}
      data-testid="favourite-star"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        useFavouritesStore.getState().toggle(kind, id);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
        <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
      </svg>
    </button>
  );
}

/**
 * A competition's star, as a list's `competitionAction`: one function for the app's life, so the lists'
 * memoised groups do not render again for a new one.
 */
export const competitionStar = (competition: { id: string; name: string }) => (
  <FavouriteStar kind="competition" id={competition.id} name={competition.name} />
);
