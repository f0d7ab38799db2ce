import { useTranslation } from 'react-i18next';
import { isLive, type Match } from '@pitchside/shared/domain';
import { useFormat } from '../../../lib/format.ts';
import { clockLabel } from '../utils/clock-label.ts';

interface MatchClockProps {
  match: Pick<Match, 'status' | 'clock' | 'kickoff'>;
  testId?: string;
  className?: string;
}

/** "37'", "45+2'", "HT", "ET 105'", "Pens", "FT", or the local kickoff time before the start. */
export function MatchClock({ match, testId, className = '' }: MatchClockProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = clockLabel(match);
  const text =
    label.kind === 'kickoff'
      ? format.date(label.iso, 'time')
      : label.kind === 'running'
        ? t(label.key, { minute: label.minute })
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
