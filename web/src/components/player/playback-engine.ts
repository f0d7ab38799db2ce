export type PlaybackEngine = 'native' | 'hls.js';

/**
 * How a feed plays. hls.js whenever the browser has Media Source Extensions and the feed is signed: it
 * fetches every playlist and segment itself, so a renewed token goes on the next request and playback
 * never stops. The browser's own HLS (Safari, iOS) offers no such hook: renewing means setting a new
 * source, a short stall every renewal, so it plays the free feeds (no token) and, where there is no MSE
 * at all (older iPhones), the premium ones too.
 */
export function engineFor(input: {
  signed: boolean;
  nativeHls: boolean;
  mediaSource: boolean;
}): PlaybackEngine | null {
  if (input.nativeHls && (!input.signed || !input.mediaSource)) return 'native';
  if (input.mediaSource) return 'hls.js';
  return null;
}
