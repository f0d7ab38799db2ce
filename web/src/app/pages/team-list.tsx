import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { REMOTE_SEARCH_DEBOUNCE_MS } from '@pitchside/shared/constants';
import type { Team } from '@pitchside/shared/domain';
import { searchTeams } from '../../features/explore/api/explore-api.ts';
import { Notice } from '../../features/explore/components/notice.tsx';
import { TeamResults } from '../../features/explore/components/team-results.tsx';
import '../../features/explore/explore.css';
import { useDebouncedCallback } from '../../features/explore/hooks/use-debounced-callback.ts';
import { FavouriteStar } from '../../features/favourites/favourite-star.tsx';
import { favouritesFirst, useFavourites } from '../../features/favourites/favourites-store.ts';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { usePaths } from '../paths.ts';

/** Longest query sent: team names are short, and the URL carries it. */
const MAX_QUERY = 64;
/** Without a query the page lists teams to browse; more than this and the visitor should search. */
const BROWSE_LIMIT = 120;

const queryOf = (url: URL): string => (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);

/**
 * The query lives in the URL (?q=), so a search is a navigation: the server renders its results on a first
 * visit, back and forward work, and react-router aborts the request of a search that a newer one replaced.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const q = queryOf(new URL(request.url));
  return { q, teams: await searchTeams(apiFrom(context), q, request.signal) };
}

/** /team: remote team search (debounced), and the teams to browse when nothing is typed. */
export function Component() {
  const { q, teams } = useLoaderData<typeof loader>();
  const { t } = useTranslation('explore');
  const { t: tPages } = useTranslation('pages');
  const paths = usePaths();
  const inputId = useId();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { team: favouriteTeams } = useFavourites();
  const [value, setValue] = useState(q);
  const sent = useRef(q);

  // Back/forward (or a link) changed the query: the box shows it, unless it is what we just sent.
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setValue(q);
    }
  }, [q]);

  const search = useDebouncedCallback((text: string) => {
    const next = text.trim().slice(0, MAX_QUERY);
    if (next === sent.current) return;
    sent.current = next;
    setSearchParams(next ? { q: next } : {}, { replace: true, preventScrollReset: true });
  }, REMOTE_SEARCH_DEBOUNCE_MS);

  const list = useMemo(() => {
    if (!('data' in teams)) return [];
    const shown = q ? teams.data : teams.data.slice(0, BROWSE_LIMIT);
    return favouritesFirst(shown, (team) => favouriteTeams.has(team.id));
  }, [teams, q, favouriteTeams]);
  const star = useCallback((team: Team) => <FavouriteStar kind="team" id={team.id} name={team.name} />, []);
  const searching = navigation.state === 'loading' && navigation.location.pathname === paths.teams();

  return (
    <>
      <StaticPageHead page="team-list" />
      <div className="page-heading">
        <h1>{tPages('team-list.title')}</h1>
      </div>
      <form
        className="filter-box"
        role="search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          search.call(value);
          search.flush();
        }}
      >
        <label htmlFor={inputId} className="filter-box__label">
          {t('teams.searchLabel')}
        </label>
        <div className="filter-box__row">
          <input
            id={inputId}
            className="filter-box__input"
            type="search"
            name="q"
            value={value}
            maxLength={MAX_QUERY}
            placeholder={t('teams.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${inputId}-status`}
            data-testid="team-search"
            onChange={(event) => {
              setValue(event.target.value);
              search.call(event.target.value);
            }}
          />
          <button type="submit" className="filter-box__submit">
            {t('teams.searchButton')}
          </button>
        </div>
        <p
          className="filter-box__status"
          id={`${inputId}-status`}
          aria-live="polite"
          data-testid="team-search-status"
        >
          {searching
            ? t('teams.searching')
            : 'data' in teams && q
              ? t('teams.resultCount', { count: teams.data.length, query: q })
              : ''}
        </p>
      </form>

      <div aria-busy={searching} data-query={q} data-testid="team-search-results">
        {'error' in teams ? (
          <Notice tone="error">{t('teams.error')}</Notice>
        ) : list.length === 0 ? (
          <Notice testId="team-search-empty">
            {q ? t('teams.noResults', { query: q }) : t('teams.none')}
          </Notice>
        ) : (
          <>
            <h2 className="section-heading">{q ? t('teams.resultsHeading') : t('teams.browseHeading')}</h2>
            <TeamResults
              teams={list}
              teamHref={paths.team}
              star={star}
              label={q ? t('teams.resultsHeading') : t('teams.browseHeading')}
            />
            {!q && 'data' in teams && teams.data.length > BROWSE_LIMIT && (
              <p className="explore-hint">{t('teams.searchForMore')}</p>
            )}
          </>
        )}
      </div>
    </>
  );
}
