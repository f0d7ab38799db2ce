import { useTranslation } from 'react-i18next';
import type { Playback } from '@pitchside/shared/content';
import { StreamPlayer } from '../../../components/player/stream-player.tsx';
import '../../../components/player/player.css';
import { EmbedPlayer } from './embed-player.tsx';

export interface MediaPlayerProps {
  playback: Pick<Playback, 'kind' | 'url' | 'expiresAt'>;
  /** What plays (the highlight's, film's or channel's name): the player's accessible name. */
  title: string;
  /** A fresh signed URL for a premium film or channel, asked for before the playing one expires. */
  renew?: (() => Promise<{ url: string; expiresAt: string | null }>) | undefined;
  onRefused?: ((error: unknown) => void) | undefined;
  /** A live channel says "Live" while playing; a recording says "Playing". */
  live?: boolean;
}

/**
 * A highlight, film or channel playing: `hls` and `mp4` through the site's stream player (hls.js for HLS,
 * fetched with this chunk only when something is played), `embed` in the video host's own player.
 */
export default function MediaPlayer({ playback, title, renew, onRefused, live = false }: MediaPlayerProps) {
  const { t } = useTranslation('media');
  if (playback.kind === 'embed') return <EmbedPlayer url={playback.url} title={title} />;
  return (
    <StreamPlayer
      initial={{ url: playback.url, expiresAt: playback.expiresAt }}
      label={title}
      kind={playback.kind}
      playingLabel={live ? undefined : t('player.playing')}
      renew={renew}
      onRefused={onRefused}
    />
  );
}
