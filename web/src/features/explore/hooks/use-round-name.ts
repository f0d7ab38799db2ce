import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useFormat } from '../../../lib/format.ts';
import type { Round } from '../utils/rounds.ts';
import { roundLabel } from '../utils/round-label.ts';

/** The visible name of a round: "Matchday 15", "Quarter-finals", or the day of a round without a name. */
export function useRoundName(): (round: Pick<Round, 'name' | 'day'>) => string {
  const { t } = useTranslation('explore');
  const { locale } = useFormat();
  return useCallback(
    (round) => {
      if (round.name) {
        const label = roundLabel(round.name);
        if (label.key === null) return label.text;
        return label.values ? t(label.key, label.values) : t(label.key);
      }
      // A day (YYYY-MM-DD) names itself: noon UTC formatted in UTC is that day in every time zone.
      return formatDate(`${round.day}T12:00:00Z`, 'dayMonth', locale, 'UTC');
    },
    [t, locale],
  );
}
