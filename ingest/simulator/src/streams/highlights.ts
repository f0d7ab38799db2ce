import { readFileSync } from 'node:fs';
import { livePlaylist, streamFile } from './live-stream.ts';

/**
 * The streaming provider's on-demand side (issue 6), beside its live feeds (live-stream.ts):
 *
 * - `/highlights?fixture={id}`: for a finished fixture, its highlight clips (one or two: every fixture has
 *   the goals, those with an even id also the extended highlights); nothing for a fixture not finished.
 * - `/streams/vod/{name}/{file}`: a clip (or any on-demand video) as a VOD HLS playlist of the test pattern,
 *   ending with `#EXT-X-ENDLIST` (test-pattern/index.m3u8 as made), and the pattern's files beside it.
 * - `/streams/tv/{channel}/{file}`: an always-on live channel, the live sliding window of the test pattern
 *   (what a TV channel's origin looks like), for the demo TV catalogue.
 */

export interface HighlightClip {
  id: string;
  title: string;
  hls: string;
  durationS: number;
  posterUrl: string | null;
  publishedAt: string;
}

/** The 8 s test pattern, whatever the clip is called. */
const CLIP_DURATION_S = 8;
/** A clip is published a while after the final whistle, as real ones are. */
const PUBLISH_AFTER_KICKOFF_MS = 2 * 60 * 60_000;

export function highlightClips(
  fixture: { id: number; kickoffMs: number; home: { name: string }; away: { name: string } },
  base: string,
): HighlightClip[] {
  const name = `${fixture.home.name} v ${fixture.away.name}`;
  const publishedAt = new Date(fixture.kickoffMs + PUBLISH_AFTER_KICKOFF_MS).toISOString();
  const clip = (id: string, title: string): HighlightClip => ({
    id,
    title,
    hls: `${base}/streams/vod/fixture-${fixture.id}-${id}/index.m3u8`,
    durationS: CLIP_DURATION_S,
    posterUrl: null,
    publishedAt,
  });
  const clips = [clip('goals', `${name}: all the goals`)];
  if (fixture.id % 2 === 0) clips.push(clip('extended', `${name}: extended highlights`));
  return clips;
}

const DIR = new URL('./test-pattern/', import.meta.url);
let vodPlaylist: string | null = null;

/** A file of a VOD clip or of a TV channel; null for a name that is not one. */
export function onDemandFile(
  path: string,
  wallMs: number,
): { body: string | Buffer; type: string; cache: string } | null {
  const m = /^\/streams\/(vod|tv)\/([a-z0-9-]{1,64})\/([\w.-]+)$/.exec(path);
  if (!m) return null;
  const [, kind, , file] = m;
  if (file === 'index.m3u8') {
    if (kind === 'tv') return { body: livePlaylist(wallMs), type: PLAYLIST, cache: 'no-cache' };
    vodPlaylist ??= readFileSync(new URL('index.m3u8', DIR), 'utf8');
    return { body: vodPlaylist, type: PLAYLIST, cache: 'public, max-age=3600' };
  }
  // VOD clips have segments 0-3 only; a channel's follow the wall clock.
  if (kind === 'vod' && !/^(init\.mp4|segment-[0-3]\.m4s)$/.test(file!)) return null;
  const found = streamFile(file!, wallMs);
  return found && { body: found.body, type: found.type, cache: 'public, max-age=60' };
}

const PLAYLIST = 'application/vnd.apple.mpegurl';
