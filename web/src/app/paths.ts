import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '@pitchside/shared/constants';

/**
 * Paths of the site's pages, below the language prefix. Features never build paths; routes pass them what
 * they need (e.g. MatchList's `matchHref`). `useLocalPath` adds the current language.
 */
const segment = encodeURIComponent;
export const paths = {
  home: (): string => '/',
  liveMatches: (): string => '/live-matches',
  hotMatches: (): string => '/hot-matches',
  fixtures: (day?: string): string => (day ? `/fixtures-results?date=${day}` : '/fixtures-results'),
  match: (matchId: string): string => `/match/${segment(matchId)}`,
  leagues: (): string => '/league',
  league: (competitionId: string): string => `/league/${segment(competitionId)}`,
  teams: (): string => '/team',
  team: (teamId: string): string => `/team/${segment(teamId)}`,
  headToHead: (slug: string): string => `/team/head-to-head/${segment(slug)}`,
  sport: (slug: string): string => `/sport/${segment(slug)}`,
  page: (path: string): string => (path.startsWith('/') ? path : `/${path}`),
};

/** Returns `(path) => '/de' + path` for the language of the current URL. */
export function useLocalPath(): (path: string) => string {
  const { lang = DEFAULT_LANGUAGE } = useParams();
  return useCallback((path: string) => `/${lang}${path === '/' ? '' : path}`, [lang]);
}

/** The path builders, bound to the current language prefix. */
export function usePaths(): typeof paths {
  const local = useLocalPath();
  return useMemo(() => {
    const bound = {} as Record<string, (...args: never[]) => string>;
    for (const [name, build] of Object.entries(paths)) {
      bound[name] = (...args: never[]) => local((build as (...a: never[]) => string)(...args));
    }
    return bound as unknown as typeof paths;
  }, [local]);
}
