import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Favourite teams and competitions. Anonymous visitors keep them in this browser (localStorage); lists
 * show favourites first. The server cannot know them, so the first render (server and hydration) shows
 * none and they apply right after: see useFavourites.
 */
export type FavouriteKind = 'team' | 'competition';

interface FavouritesState {
  team: string[];
  competition: string[];
  toggle(kind: FavouriteKind, id: string): void;
}

export const FAVOURITES_STORAGE_KEY = 'pitchside:favourites';
const MAX_FAVOURITES = 200;

export const useFavouritesStore = create<FavouritesState>()(
  persist(
    (set) => ({
      team: [],
      competition: [],
      toggle: (kind, id) =>
        set((state) => {
          const current = state[kind];
          const next = current.includes(id)
            ? current.filter((x) => x !== id)
            : [id, ...current].slice(0, MAX_FAVOURITES);
          return { [kind]: next };
        }),
    }),
    {
      name: FAVOURITES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ team: state.team, competition: state.competition }),
      // Read storage only in the browser, after hydration (see useFavourites).
      skipHydration: true,
    },
  ),
);

let rehydrated = false;

/** The visitor's favourites: empty during the server render and hydration, the stored ones after. */
export function useFavourites(): {
  team: ReadonlySet<string>;
  competition: ReadonlySet<string>;
  ready: boolean;
} {
  const [ready, setReady] = useState(rehydrated);
  useEffect(() => {
    if (!rehydrated) {
      rehydrated = true;
      void useFavouritesStore.persist.rehydrate();
    }
    setReady(true);
  }, []);
  const team = useFavouritesStore((s) => s.team);
  const competition = useFavouritesStore((s) => s.competition);
  return {
    team: new Set(ready ? team : []),
    competition: new Set(ready ? competition : []),
    ready,
  };
}

/** Orders items so favourites come first, keeping the given order otherwise (stable). */
export function favouritesFirst<T>(items: readonly T[], isFavourite: (item: T) => boolean): T[] {
  return [...items.filter(isFavourite), ...items.filter((item) => !isFavourite(item))];
}
