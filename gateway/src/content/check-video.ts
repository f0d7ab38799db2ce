import { VIDEO_EMBED_HOSTS, type Video } from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';

/** An `embed` must be the player of a known video host, over https; hls/mp4 play through our proxy. */
export function checkVideo(video: Video, path = 'video.url'): void {
  if (video.kind !== 'embed') return;
  const url = new URL(video.url);
  if (url.protocol !== 'https:' || !(VIDEO_EMBED_HOSTS as readonly string[]).includes(url.hostname)) {
    throw new PitchsideError('content:invalid-video', undefined, [
      {
        path,
        message: `embedded videos must come from ${VIDEO_EMBED_HOSTS.join(', ')}`,
        code: 'content:invalid-video',
      },
    ]);
  }
}
