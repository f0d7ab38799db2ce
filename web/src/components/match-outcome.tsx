import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { matchOutcome, outcomeLine, scoreNotes, type Match } from '@pitchside/shared/domain';

type Outcome = Pick<Match, 'status' | 'score' | 'home' | 'away'>;

/**
 * The sentence that names a decided match's winner ("Kingsmoor County win 4–3 on penalties", "… go through
 * 3–2 on aggregate"), in the visitor's language, or null when the score says it all. The rule of which
 * sentence is shared's (`outcomeLine`), so the widget and every list say the same.
 */
export function outcomeText(match: Outcome, t: TFunction<'common'>): string | null {
  const line = outcomeLine(matchOutcome(match));
  if (!line) return null;
  return t(`outcome.${line.key}`, { team: match[line.winner].name, ...line.values });
}

/** The winner's sentence as a line of its own (nothing when there is none). */
export function OutcomeLine({
  match,
  className = '',
  testId = 'match-outcome',
}: {
  match: Outcome;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const text = outcomeText(match, t);
  if (!text) return null;
  return (
    <span className={`match-outcome ${className}`} data-testid={testId}>
      {text}
    </span>
  );
}

/**
 * What a list shows under a score: "AET" once extra time is over, the shoot-out ("4–3 pens") and a tie's
 * aggregate ("agg. 2–2"), each home side first as the row reads.
 */
export function ScoreNotes({
  match,
  className = '',
}: {
  match: Pick<Match, 'status' | 'score'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const notes = scoreNotes(matchOutcome(match));
  const parts: { key: string; text: string }[] = [];
  if (notes.extraTime) parts.push({ key: 'aet', text: t('outcome.short.extraTime') });
  if (notes.penalties)
    parts.push({ key: 'pens', text: t('outcome.short.penalties', { ...notes.penalties }) });
  if (notes.aggregate) parts.push({ key: 'agg', text: t('outcome.short.aggregate', { ...notes.aggregate }) });
  if (parts.length === 0) return null;
  return (
    <span className={`score-notes ${className}`} data-testid="score-notes">
      {parts.map((part) => (
        <span className="score-notes__note" data-note={part.key} key={part.key}>
          {part.text}
        </span>
      ))}
    </span>
  );
}
