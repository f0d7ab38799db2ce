import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { localize, paths } from './paths.ts';

/** The path builders, bound to the language prefix of the current URL (none today unless typed). */
export function usePaths(): typeof paths {
  const { lang } = useParams();
  return useMemo(
    () => ({
      home: () => localize(paths.home(), lang),
      liveMatches: () => localize(paths.liveMatches(), lang),
      match: (matchId: string) => localize(paths.match(matchId), lang),
    }),
    [lang],
  );
}
