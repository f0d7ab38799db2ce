import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  compareEvents,
  isFinished,
  matchOutcome,
  shootoutKicks,
  SHOOTOUT_KINDS,
  type Match,
  type MatchEvent,
  type MatchStatus,
  type ShootoutKick,
} from '@pitchside/shared/domain';
import { minuteText } from '../../../lib/clock-label.ts';
import { EventIcon } from './event-icon.tsx';

interface MatchTimelineProps {
  events: readonly MatchEvent[];
  homeTeamId: string;
  /**
   * The match's status and score: a finished match with no events says none were reported (not "nothing
   * yet"), and a shoot-out whose kicks the provider does not send still shows its score.
   */
  status?: MatchStatus;
  score?: Match['score'];
}

/**
 * What happened in the match, newest first (the top of the list is what just happened, as on a live page).
 * Home events sit on the left, away events on the right, period markers across the middle. A penalty
 * shoot-out is a section of its own on top: its kicks in the order they were taken, with the running score.
 */
export function MatchTimeline({ events, homeTeamId, status, score }: MatchTimelineProps) {
  const { t } = useTranslation();
  // compareEvents is oldest first and stable; reversed, the latest arrival at a minute comes first too.
  const newestFirst = useMemo(
    () =>
      events
        .filter((e) => !SHOOTOUT_KINDS.has(e.kind))
        .sort(compareEvents)
        .reverse(),
    [events],
  );
  const kicks = useMemo(() => shootoutKicks(events, homeTeamId), [events, homeTeamId]);
  const outcome = status && score ? matchOutcome({ status, score }) : null;
  const held = kicks.length > 0 || outcome?.shootout === true;

  return (
    <section className="timeline" aria-labelledby="timeline-title">
      <h2 className="section-title" id="timeline-title">
        {t('match.timeline')}
      </h2>
      {held && (
        <Shootout
          kicks={kicks}
          score={outcome?.penalties ?? null}
          over={status !== undefined && isFinished(status)}
        />
      )}
      {newestFirst.length === 0 ? (
        !held && (
          <p className="timeline__empty">
            {t(status && isFinished(status) ? 'match.noEventsReported' : 'match.noEvents')}
          </p>
        )
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

/**
 * The shoot-out: each kick in order (scored or missed, by whom) with the score after it; when the provider
 * reports only the shoot-out's score, that score alone: how it ended, or while it is on, how it stands.
 */
function Shootout({
  kicks,
  score,
  over,
}: {
  kicks: readonly ShootoutKick[];
  score: { home: number; away: number } | null;
  over: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="shootout" aria-labelledby="shootout-title" data-testid="shootout">
      <h3 className="shootout__title" id="shootout-title">
        {t('match.shootout')}
        {score && (
          <span className="shootout__score" data-testid="shootout-score">
            {t('match.shootoutScore', { ...score })}
          </span>
        )}
      </h3>
      {kicks.length === 0 ? (
        score && (
          <p className="timeline__empty">
            {t(over ? 'match.shootoutNoKicks' : 'match.shootoutNoKicksLive', { ...score })}
          </p>
        )
      ) : (
        <ol className="shootout__kicks">
          {kicks.map((kick, index) => {
            const taker = (
              <>
                <EventIcon kind={kick.event.kind} />
                <span className="timeline-event__body">
                  <span className="timeline-event__kind">{t(`event.${kick.event.kind}`)}</span>
                  {kick.event.player && (
                    <span className="timeline-event__main">{kick.event.player.name}</span>
                  )}
                </span>
              </>
            );
            return (
              <li
                key={kick.event.id}
                className="shootout-kick"
                data-testid="shootout-kick"
                data-kind={kick.event.kind}
                data-side={kick.side ?? 'neutral'}
              >
                <span className="shootout-kick__number" aria-label={t('match.kick', { number: index + 1 })}>
                  {index + 1}
                </span>
                <span className="shootout-kick__taker shootout-kick__taker--home">
                  {kick.side !== 'away' && taker}
                </span>
                <span className="shootout__running" data-testid="shootout-running">
                  {t('match.shootoutScore', { ...kick.running })}
                </span>
                <span className="shootout-kick__taker shootout-kick__taker--away">
                  {kick.side === 'away' && taker}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

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
        <span className="timeline-event__kind">
          {event.kind === 'substitution' && event.number !== undefined
            ? t('event.substitutionNumber', { number: event.number })
            : t(`event.${event.kind}`)}
        </span>
        {lines.map((line, i) => (
          <span className={i === 0 ? 'timeline-event__main' : 'timeline-event__sub'} key={i}>
            {line}
          </span>
        ))}
      </span>
    </li>
  );
}

/** The lines under an event's label: who scored and assisted, who came on and off, what VAR decided. */
function describe(event: MatchEvent, t: TFunction<'common'>): string[] {
  const player = event.player?.name;
  const related = event.related?.name;
  const lines: string[] = [];
  // What VAR decided comes first: it is the news ("Goal cancelled"); the player it concerns follows.
  if (event.kind === 'var' && event.decision) lines.push(t(`event.varDecision.${event.decision}`));
  if (event.kind === 'substitution') {
    if (player) lines.push(t('event.playerOn', { name: player }));
    if (related) lines.push(t('event.playerOff', { name: related }));
  } else {
    if (player) lines.push(player);
    if (related && (event.kind === 'goal' || event.kind === 'penalty_goal')) {
      lines.push(t('event.assist', { name: related }));
    }
  }
  return lines;
}
