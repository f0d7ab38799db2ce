/** A World Cup match's result as its page writes it: "3–3", then "a.e.t." and the shoot-out "(4–2 pens)". */
import { useTranslation } from 'react-i18next';
import { matchOutcome, scoreNotes, type Match } from '@pitchside/shared/domain';

export function WorldCupScore({ match }: { match: Match }) {
  const { t } = useTranslation('explore');
  const outcome = matchOutcome(match);
  const { score } = outcome;
  const notes = scoreNotes(outcome);
  if (score.home === null || score.away === null) return <span className="wc-score">–</span>;
  return (
    <span className="wc-score" data-testid="wc-score">
      <span data-testid="wc-goals">{`${score.home}–${score.away}`}</span>
      {notes.extraTime && <span className="wc-score__note"> {t('worldCup.aet')}</span>}
      {notes.penalties && (
        <span className="wc-score__note" data-testid="wc-penalties">
          {' '}
          {t('worldCup.pens', { ...notes.penalties })}
        </span>
      )}
    </span>
  );
}
