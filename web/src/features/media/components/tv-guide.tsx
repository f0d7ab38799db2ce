import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TvChannel, TvProgramme } from '@pitchside/shared/content';
import { LazyImage } from '../../../components/lazy-media.tsx';
import { useFormat } from '../../../lib/format.ts';
import { nowAndNext, upcoming } from '../utils/schedule.ts';
import { AccessBadge } from './access-badge.tsx';
import { PlayStage } from './play-stage.tsx';
import '../../../components/player/player.css';
import '../media.css';

export interface TvGuideProps {
  channels: readonly TvChannel[];
  pricingHref: string;
  signInHref: string;
}

/** The time, moved on every half minute so "on now" follows the clock on an open page. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The TV channels: each with what is on now and next (times in the visitor's time zone), its full schedule
 * (a disclosure), and its live stream played in place (premium: with a plan, else the paywall).
 */
export function TvGuide({ channels, pricingHref, signInHref }: TvGuideProps) {
  const { t } = useTranslation('media');
  const now = useNow();
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <ul className="media-list" aria-label={t('tv.listLabel')} data-testid="tv-guide">
      {channels.map((channel) => {
        const headingId = `channel-${channel.id}`;
        const open = playing === channel.id;
        const current = nowAndNext(channel.schedule, now);
        const later = upcoming(channel.schedule, now);
        return (
          <li key={channel.id}>
            <article
              className="media-row media-row--channel"
              aria-labelledby={headingId}
              data-testid="channel"
              data-channel-id={channel.id}
              data-access={channel.access}
            >
              <div className="media-row__logo">
                {channel.logoUrl ? (
                  <LazyImage className="media-row__logo-image" src={channel.logoUrl} alt="" />
                ) : (
                  <span className="media-row__logo-image media-card__poster--blank" />
                )}
              </div>
              <div className="media-row__body">
                <h2 className="media-row__title" id={headingId}>
                  {channel.name}
                </h2>
                <p className="media-row__meta">
                  <AccessBadge access={channel.access} />
                </p>
                <dl className="tv-now">
                  <div data-testid="channel-now">
                    <dt>{t('tv.now')}</dt>
                    <dd>{current.now ? <Programme programme={current.now} /> : t('tv.nothing')}</dd>
                  </div>
                  <div data-testid="channel-next">
                    <dt>{t('tv.next')}</dt>
                    <dd>{current.next ? <Programme programme={current.next} /> : t('tv.nothing')}</dd>
                  </div>
                </dl>
                <button
                  type="button"
                  className="stream-button"
                  aria-expanded={open}
                  onClick={() => setPlaying(open ? null : channel.id)}
                  data-testid="channel-play"
                >
                  {open ? t('tv.close') : t('tv.watch', { name: channel.name })}
                </button>
              </div>
              {open && (
                <div className="media-row__stage">
                  <PlayStage
                    kind="tv"
                    id={channel.id}
                    title={channel.name}
                    pricingHref={pricingHref}
                    signInHref={signInHref}
                  />
                </div>
              )}
              <details className="tv-schedule" data-testid="channel-schedule">
                <summary>{t('tv.schedule', { name: channel.name })}</summary>
                {later.length === 0 ? (
                  <p>{t('tv.noSchedule')}</p>
                ) : (
                  <ol className="tv-schedule__list">
                    {later.map((programme) => (
                      <li key={`${programme.startsAt}-${programme.title}`}>
                        <Programme programme={programme} withDay />
                      </li>
                    ))}
                  </ol>
                )}
              </details>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** A programme: its times in the visitor's zone (with the day in the full schedule), then its title. */
function Programme({ programme, withDay = false }: { programme: TvProgramme; withDay?: boolean }) {
  const format = useFormat();
  return (
    <span className="tv-programme" data-testid="programme">
      <span className="tv-programme__time">
        {withDay && <>{format.date(programme.startsAt, 'dayMonth')} </>}
        <time dateTime={programme.startsAt}>{format.date(programme.startsAt, 'time')}</time>–
        <time dateTime={programme.endsAt}>{format.date(programme.endsAt, 'time')}</time>
      </span>{' '}
      <span className="tv-programme__title">{programme.title}</span>
    </span>
  );
}
