import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Highlight } from '@pitchside/shared/content';
import { scoreText, type Match } from '@pitchside/shared/domain';
import { LazyImage } from '../../../components/lazy-media.tsx';
import { ScoreNotes } from '../../../components/match-outcome.tsx';
import { useFormat } from '../../../lib/format.ts';
import { formatDuration, isoDuration } from '../utils/duration.ts';
import { EmbedPlayer } from './embed-player.tsx';
import '../../../components/player/player.css';
import '../media.css';

/** The stream player (and hls.js with it, for HLS): fetched when a highlight is first played. */
const MediaPlayer = lazy(() => import('./media-player.tsx'));

export interface HighlightGridProps {
  highlights: readonly Highlight[];
  /** The matches the highlights show, by id, as far as they could be read. */
  matches: Readonly<Record<string, Match>>;
  matchHref: (matchId: string) => string;
  /** The cards' heading level: h2 on the highlights page, h3 below a section heading. */
  level?: 2 | 3;
}

/** Highlights as a grid of cards, in the order given (newest first), each playing in its own card. */
export function HighlightGrid({ highlights, matches, matchHref, level = 2 }: HighlightGridProps) {
  const { t } = useTranslation('media');
  return (
    <ul className="media-grid" aria-label={t('highlights.listLabel')} data-testid="highlight-grid">
      {highlights.map((highlight) => (
        <li key={highlight.id}>
          <HighlightCard
            highlight={highlight}
            match={highlight.matchId ? (matches[highlight.matchId] ?? null) : null}
            matchHref={matchHref}
            level={level}
          />
        </li>
      ))}
    </ul>
  );
}

function HighlightCard({
  highlight,
  match,
  matchHref,
  level,
}: {
  highlight: Highlight;
  match: Match | null;
  matchHref: (matchId: string) => string;
  level: 2 | 3;
}) {
  const { t } = useTranslation('media');
  const format = useFormat();
  const [playing, setPlaying] = useState(false);
  const { video, title } = highlight;
  const headingId = `highlight-${highlight.id}`;
  const duration = formatDuration(highlight.durationS);
  const Heading = level === 2 ? 'h2' : 'h3';
  const loading = (
    <p className="media-stage__message" role="status">
      {t('common.loading')}
    </p>
  );

  return (
    <article
      className="media-card"
      aria-labelledby={headingId}
      data-testid="highlight-card"
      data-highlight-id={highlight.id}
      data-kind={video.kind}
    >
      <div className="media-card__stage">
        {video.kind === 'embed' ? (
          <EmbedPlayer url={video.url} title={title} />
        ) : playing ? (
          <Suspense fallback={loading}>
            <MediaPlayer playback={{ kind: video.kind, url: video.url, expiresAt: null }} title={title} />
          </Suspense>
        ) : (
          <button
            type="button"
            className="media-card__play"
            onClick={() => setPlaying(true)}
            data-testid="highlight-play"
          >
            <span className="visually-hidden">{t('highlights.play', { title })}</span>
            {highlight.posterUrl ? (
              <LazyImage className="media-card__poster" src={highlight.posterUrl} alt="" />
            ) : (
              <span className="media-card__poster media-card__poster--blank" />
            )}
            <span className="media-card__play-icon" aria-hidden="true" />
            {duration && (
              <span className="media-card__duration" aria-hidden="true">
                {duration}
              </span>
            )}
          </button>
        )}
      </div>
      <div className="media-card__body">
        <Heading className="media-card__title" id={headingId}>
          {title}
        </Heading>
        {match && (
          <p className="media-card__match" data-testid="highlight-match">
            <Link to={matchHref(match.id)}>
              <span data-testid="highlight-home">{match.home.name}</span>{' '}
              <span className="media-card__score">
                <span className="visually-hidden">{t('highlights.score')}: </span>
                {scoreText(match)} <ScoreNotes match={match} className="score-notes--inline" />
              </span>{' '}
              <span data-testid="highlight-away">{match.away.name}</span>
            </Link>
          </p>
        )}
        <p className="media-card__meta">
          <span className="visually-hidden">{t('highlights.published')}: </span>
          <time dateTime={highlight.publishedAt}>{format.date(highlight.publishedAt, 'dateTime')}</time>
          {duration && highlight.durationS !== null && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">{t('highlights.duration')}: </span>
              <time dateTime={isoDuration(highlight.durationS)}>{duration}</time>
            </>
          )}
        </p>
      </div>
    </article>
  );
}
