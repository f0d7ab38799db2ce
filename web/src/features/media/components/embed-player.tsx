import { useTranslation } from 'react-i18next';
import { VIDEO_EMBED_HOSTS } from '@pitchside/shared/content';
import { LazyFrame } from '../../../components/lazy-media.tsx';

/** Only the known video hosts' players are framed, over https, whatever the API said (defence in depth). */
export function isEmbeddable(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && (VIDEO_EMBED_HOSTS as readonly string[]).includes(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * A video from a video host (YouTube, Vimeo, Dailymotion) in the host's own player: a lazy iframe (its
 * source is set when it scrolls near the viewport), sandboxed to what such a player needs (its scripts,
 * its own origin for its cookies-free settings, fullscreen and opening the video on the host), never our
 * page's top window.
 */
export function EmbedPlayer({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('media');
  if (!isEmbeddable(url))
    return (
      <p className="media-stage__message" role="status">
        {t('player.embedUnavailable')}
      </p>
    );
  return (
    <div className="media-embed">
      <LazyFrame
        className="media-embed__frame"
        src={url}
        title={t('player.embedTitle', { title })}
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="media-embed"
      />
    </div>
  );
}
