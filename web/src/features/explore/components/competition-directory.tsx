import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Competition } from '@pitchside/shared/domain';
import { LazyImage } from '../../../components/lazy-media.tsx';
import { Crest } from '../../../components/crest.tsx';
import { namedCountry } from '../../../lib/competition-country.ts';
import { groupCompetitions, matchesFilter, type CompetitionGroup } from '../utils/competition-groups.ts';

interface CompetitionDirectoryProps {
  competitions: readonly Competition[];
  leagueHref: (competitionId: string) => string;
  /** The visitor's favourite competitions (empty until the browser has read them). */
  favourites: ReadonlySet<string>;
  /** The favourite toggle of one competition (the route brings the favourites feature). */
  star: (competition: Competition) => ReactNode;
  locale: string;
}

/**
 * Every competition by country, international ones first and the visitor's favourites above all, with a
 * filter box that narrows the list as one types (no request: the list is all here).
 */
export function CompetitionDirectory({
  competitions,
  leagueHref,
  favourites,
  star,
  locale,
}: CompetitionDirectoryProps) {
  const { t } = useTranslation('explore');
  const inputId = useId();
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const groups = useMemo(
    () =>
      groupCompetitions(
        competitions.filter((c) => matchesFilter(c, deferred)),
        { favourites, locale },
      ),
    [competitions, deferred, favourites, locale],
  );
  const shown = groups.reduce((n, g) => n + (g.kind === 'favourites' ? 0 : g.competitions.length), 0);

  return (
    <div className="directory">
      <div className="filter-box" role="search">
        <label htmlFor={inputId} className="filter-box__label">
          {t('leagues.filterLabel')}
        </label>
        <input
          id={inputId}
          className="filter-box__input"
          type="search"
          value={filter}
          placeholder={t('leagues.filterPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          data-testid="league-filter"
          onChange={(event) => setFilter(event.target.value)}
        />
        <p className="filter-box__status" aria-live="polite">
          {deferred ? t('leagues.matching', { count: shown }) : ''}
        </p>
      </div>
      {groups.length === 0 ? (
        <p className="explore-empty" data-testid="league-filter-empty">
          {t('leagues.noMatch', { filter: deferred })}
        </p>
      ) : (
        groups.map((group) => (
          <DirectoryGroup key={group.key} group={group} leagueHref={leagueHref} star={star} />
        ))
      )}
    </div>
  );
}

function DirectoryGroup({
  group,
  leagueHref,
  star,
}: {
  group: CompetitionGroup;
  leagueHref: (id: string) => string;
  star: (competition: Competition) => ReactNode;
}) {
  const { t } = useTranslation('explore');
  const headingId = useId();
  const title =
    group.kind === 'favourites'
      ? t('leagues.favourites')
      : group.kind === 'international'
        ? t('leagues.international')
        : group.country!;
  return (
    <section
      className="explore-card directory__group"
      aria-labelledby={headingId}
      data-testid="league-group"
      data-group={group.key}
    >
      <h2 className="directory__country" id={headingId}>
        {group.flag ? (
          <LazyImage className="directory__flag" src={group.flag} alt="" width={20} height={14} />
        ) : (
          <span className={`directory__flag directory__flag--${group.kind}`} aria-hidden="true" />
        )}
        {title}
      </h2>
      <ul className="directory__list">
        {group.competitions.map((competition) => (
          <li
            key={competition.id}
            className="directory__item"
            data-testid="league-item"
            data-competition-id={competition.id}
          >
            <Link className="directory__link" to={leagueHref(competition.id)}>
              <Crest src={competition.logo} name={competition.name} size="md" />
              <span className="directory__name">{competition.name}</span>
              {group.kind !== 'country' && namedCountry(competition.country) && (
                <span className="directory__meta">{competition.country}</span>
              )}
            </Link>
            {star(competition)}
          </li>
        ))}
      </ul>
    </section>
  );
}
