import { useTranslation } from 'react-i18next';
import { isLive, sportOf, type Match } from '@pitchside/shared/domain';
import { useFormat } from '../lib/format.ts';
import { clockLabel } from '../lib/clock-label.ts';

interface MatchClockProps {
  /** With its competition, the clock speaks the match's sport ("Q3 7'" in basketball). */
  match: Pick<Match, 'status' | 'clock' | 'kickoff'> & { competition?: Pick<Match['competition'], 'sport'> };
  testId?: string;
  className?: string;
}

/** "37'", "45+2'", "HT", "ET 105'", "Pens", "FT", "Q3 7'", or the local kickoff time before the start. */
export function MatchClock({ match, testId, className = '' }: MatchClockProps) {
  const { t } = useTranslation(['common', 'matches']);
  const format = useFormat();
  const label = clockLabel(match, match.competition ? sportOf(match.competition) : undefined);
  const text =
    label.kind === 'kickoff'
      ? format.date(label.iso, 'time')
      : label.kind === 'running'
        ? t(label.key, { minute: label.minute, period: label.period })
        : t(label.key);
  return (
    <span
      className={`match-clock ${isLive(match.status) ? 'match-clock--live' : ''} ${className}`}
      data-testid={testId}
      data-running={label.kind === 'running' || undefined}
    >
      {label.kind === 'kickoff' ? <time dateTime={label.iso}>{text}</time> : text}
    </span>
  );
}
