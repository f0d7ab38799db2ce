/** A World Cup match's result as its page writes it: "3–3", then "a.e.t." and the shoot-out "(4–2 pens)". */
import { useTranslation } from 'react-i18next';
import type { Match } from '@pitchside/shared/domain';

export function WorldCupScore({ match }: { match: Match }) {
  const { t } = useTranslation('explore');
  const { current, penalties } = match.score;
  if (current.home === null || current.away === null) return <span className="wc-score">–</span>;
  return (
    <span className="wc-score" data-testid="wc-score">
      <span data-testid="wc-goals">{`${current.home}–${current.away}`}</span>
      {(match.status === 'finished_aet' || match.status === 'finished_pen') && (
        <span className="wc-score__note"> {t('worldCup.aet')}</span>
      )}
      {penalties.home !== null && penalties.away !== null && (
        <span className="wc-score__note" data-testid="wc-penalties">
          {' '}
          {t('worldCup.pens', { home: penalties.home, away: penalties.away })}
        </span>
      )}
    </span>
  );
}
