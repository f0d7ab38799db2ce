import type { MatchEventKind } from '@pitchside/shared/domain';

/** Small inline icons for timeline events: no icon font, no requests, crisp at any size. */
export function EventIcon({ kind }: { kind: MatchEventKind }) {
  switch (kind) {
    case 'goal':
    case 'own_goal':
    case 'penalty_goal':
      return (
        <svg className={`event-icon event-icon--${kind}`} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M8 4.2l2.6 1.9-1 3.1H6.4l-1-3.1z" fill="var(--ball-patch)" />
          {kind === 'penalty_goal' && <circle cx="8" cy="13" r="1.2" fill="var(--ball-patch)" />}
        </svg>
      );
    case 'shootout_scored':
      return (
        <svg className="event-icon event-icon--shootout_scored" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="currentColor" />
          <path d="M4.8 8.3l2.2 2.2 4.2-4.6" fill="none" stroke="var(--ball-patch)" strokeWidth="1.8" />
        </svg>
      );
    case 'missed_penalty':
    case 'shootout_missed':
      return (
        <svg className={`event-icon event-icon--${kind}`} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      );
    case 'yellow':
    case 'red':
      return <span className={`event-icon card card--${kind}`} aria-hidden="true" />;
    case 'second_yellow':
      return <span className="event-icon card card--second_yellow" aria-hidden="true" />;
    case 'substitution':
      return (
        <svg className="event-icon event-icon--substitution" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M5 13V4M2 7l3-3 3 3" fill="none" stroke="var(--sub-on)" strokeWidth="1.8" />
          <path d="M11 3v9M8 9l3 3 3-3" fill="none" stroke="var(--sub-off)" strokeWidth="1.8" />
        </svg>
      );
    case 'var':
      return (
        <span className="event-icon event-icon--var" aria-hidden="true">
          VAR
        </span>
      );
    case 'period_start':
    case 'period_end':
      return (
        <svg className="event-icon event-icon--period" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4v4l3 2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      );
  }
}
