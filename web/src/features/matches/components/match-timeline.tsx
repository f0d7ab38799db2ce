import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { compareEvents, type MatchEvent } from '@pitchside/shared/domain';
import { minuteText } from '../../../lib/clock-label.ts';
import { EventIcon } from './event-icon.tsx';

interface MatchTimelineProps {
  events: readonly MatchEvent[];
  homeTeamId: string;
}

/**
 * What happened in the match, newest first (the top of the list is what just happened, as on a live page).
 * Home events sit on the left, away events on the right, period markers across the middle.
 */
export function MatchTimeline({ events, homeTeamId }: MatchTimelineProps) {
  const { t } = useTranslation();
  // compareEvents is oldest first and stable; reversed, the latest arrival at a minute comes first too.
  const newestFirst = useMemo(() => [...events].sort(compareEvents).reverse(), [events]);

  return (
    <section className="timeline" aria-labelledby="timeline-title">
      <h2 className="section-title" id="timeline-title">
        {t('match.timeline')}
      </h2>
      {newestFirst.length === 0 ? (
        <p className="timeline__empty">{t('match.noEvents')}</p>
      ) : (
        <ol className="timeline__list">
          {newestFirst.map((event) => (
            <TimelineEvent key={event.id} event={event} side={sideOf(event, homeTeamId)} />
          ))}
        </ol>
      )}
    </section>
  );
}

type Side = 'home' | 'away' | 'neutral';

const sideOf = (event: MatchEvent, homeTeamId: string): Side => {
  if (event.kind === 'period_start' || event.kind === 'period_end' || event.teamId === null) return 'neutral';
  return event.teamId === homeTeamId ? 'home' : 'away';
};

function TimelineEvent({ event, side }: { event: MatchEvent; side: Side }) {
  const { t } = useTranslation();
  const minute = t('clock.minute', { minute: minuteText(event.minute, event.stoppage) });
  const lines = describe(event, t);
  return (
    <li
      className={`timeline-event timeline-event--${side} timeline-event--${event.kind}`}
      data-testid="timeline-event"
      data-kind={event.kind}
      data-side={side}
    >
      <span className="timeline-event__minute">{minute}</span>
      <EventIcon kind={event.kind} />
      <span className="timeline-event__body">
        <span className="timeline-event__kind">{t(`event.${event.kind}`)}</span>
        {lines.map((line, i) => (
          <span className={i === 0 ? 'timeline-event__main' : 'timeline-event__sub'} key={i}>
            {line}
          </span>
        ))}
      </span>
    </li>
  );
}

/** The player lines under an event's label: who scored and assisted, who came on and off, and so on. */
function describe(event: MatchEvent, t: TFunction<'common'>): string[] {
  const player = event.player?.name;
  const related = event.related?.name;
  const lines: string[] = [];
  if (event.kind === 'substitution') {
    if (player) lines.push(t('event.playerOn', { name: player }));
    if (related) lines.push(t('event.playerOff', { name: related }));
  } else {
    if (player) lines.push(player);
    if (related && (event.kind === 'goal' || event.kind === 'penalty_goal')) {
      lines.push(t('event.assist', { name: related }));
    }
  }
  // The provider's own wording ("Goal cancelled", "Penalty confirmed") adds what our label cannot.
  if (event.detail && event.kind === 'var') lines.push(event.detail);
  return lines;
}
