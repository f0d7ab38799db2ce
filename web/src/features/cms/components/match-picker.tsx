import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { useVisit } from '../../../lib/visit.ts';
import { dayOf, formatDate } from '../../../lib/format.ts';
import { fetchPickableMatches } from '../api/cms-api.ts';
import { useCmsList, type CmsList } from '../hooks/use-cms-list.ts';

/** "Home – Away", the way every CMS list names a match. */
export const matchName = (entry: ScoreboardEntry): string =>
  `${entry.match.home.name} – ${entry.match.away.name}`;

/** The matches an operator can pick from: today's in their time zone, the live and the hot ones. */
export function usePickableMatches() {
  const { timeZone } = useVisit();
  const load = useCallback(() => fetchPickableMatches(dayOf(new Date(), timeZone), timeZone), [timeZone]);
  return useCmsList(load);
}

/**
 * A card with a searchable list of matches (a `usePickableMatches()`) and one action each ("Pin",
 * "Choose"): the search filters by team, competition or id as the operator types.
 */
export function MatchPicker({
  title,
  titleId,
  matches,
  actionLabel,
  onPick,
  isDisabled,
  testId,
}: {
  title: string;
  titleId: string;
  matches: CmsList<ScoreboardEntry[]>;
  actionLabel: (entry: ScoreboardEntry) => string;
  onPick: (entry: ScoreboardEntry) => void;
  isDisabled?: (entry: ScoreboardEntry) => boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('cms');
  const { items: entries, error } = matches;
  const { timeZone } = useVisit();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (entries ?? []).filter((entry) => {
      const text = `${matchName(entry)} ${entry.match.competition.name} ${entry.match.id}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [entries, query]);

  return (
    <section className="cms-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <div className="cms-picker" data-testid={testId}>
        <div className="auth-form__field cms-field">
          <label htmlFor={`${testId}-search`}>{t('matches.search')}</label>
          <input
            className="form-control"
            id={`${testId}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('matches.searchHint')}
          />
        </div>
        {!entries ? (
          <p role="status">{error ?? t('common.loading')}</p>
        ) : (
          <>
            <p role="status" className="cms-muted">
              {t('matches.count', { count: shown.length })}
            </p>
            <ul className="cms-picker__list">
              {shown.slice(0, 60).map((entry) => (
                <li key={entry.match.id} data-match={entry.match.id}>
                  <span className="cms-picker__match">
                    <strong>{matchName(entry)}</strong>
                    <span className="cms-muted">
                      {entry.match.competition.name} ·{' '}
                      {formatDate(entry.match.kickoff, 'dayMonth', i18n.language, timeZone)}{' '}
                      {formatDate(entry.match.kickoff, 'time', i18n.language, timeZone)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="auth-button"
                    onClick={() => onPick(entry)}
                    disabled={isDisabled?.(entry)}
                    data-testid="cms-pick-match"
                  >
                    {actionLabel(entry)}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
