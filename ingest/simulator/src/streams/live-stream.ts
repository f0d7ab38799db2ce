import { readFileSync } from 'node:fs';

/**
 * The simulator's streaming side: what a rights holder's streaming API gives a site (issue 5). Live
 * fixtures carry feeds, each an HLS playlist; the data API (API-Football) knows nothing of streams, as the
 * real one does not, so streams are a separate endpoint, `/streams?fixture={id}`, which the gateway reads.
 *
 * Every feed plays the project's test pattern (test-pattern/, see README.md) as a live stream: a sliding
 * window over an endless sequence of 2 s segments, segment n being the file n mod 4, with a discontinuity
 * wherever the pattern wraps (its timestamps start again). The sequence follows the wall clock, not the
 * simulated one: video plays in real time whatever the simulator's speed.
 */

export interface StreamFeed {
  id: string;
  label: string;
  /** The rights holder's tier: free-to-air or for paying viewers only. */
  access: 'free' | 'premium';
}

export const STREAM_FEEDS: readonly StreamFeed[] = [
  { id: 'main', label: 'Main broadcast', access: 'premium' },
  { id: 'stadium', label: 'Stadium camera', access: 'free' },
];

const SEGMENT_MS = 2000;
const FILES = 4;
/** Segments in the playlist: more than three target durations, as RFC 8216 6.2.2 asks of live playlists. */
const WINDOW = 5;

const DIR = new URL('./test-pattern/', import.meta.url);
let files: { init: Buffer; segments: Buffer[] } | null = null;
/** About 130 KB, read once on first use. */
function load() {
  files ??= {
    init: readFileSync(new URL('init.mp4', DIR)),
    segments: Array.from({ length: FILES }, (_, i) => readFileSync(new URL(`segment-${i}.m4s`, DIR))),
  };
  return files;
}

/** The newest complete segment at `nowMs`. */
const liveEdge = (nowMs: number) => Math.floor(nowMs / SEGMENT_MS) - 1;

/**
 * The live playlist at `nowMs`. A segment's discontinuity sequence is floor(n / 4) on every reload: the
 * playlist's DISCONTINUITY-SEQUENCE counts the wraps that slid out of the window, and a tag precedes each
 * wrap inside it (not the first segment, which the header already accounts for).
 */
export function livePlaylist(nowMs: number): string {
  const last = liveEdge(nowMs);
  const first = Math.max(0, last - WINDOW + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${SEGMENT_MS / 1000}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / FILES)}`,
    '#EXT-X-MAP:URI="init.mp4"',
  ];
  for (let n = first; n <= last; n++) {
    if (n > first && n % FILES === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${(SEGMENT_MS / 1000).toFixed(6)},`, `segment-${n}.m4s`);
  }
  return `${lines.join('\n')}\n`;
}

/** init.mp4 or segment-{n}.m4s of the live sequence; null for any other name or a segment not made yet. */
export function streamFile(name: string, nowMs: number): { body: Buffer; type: string } | null {
  if (name === 'init.mp4') return { body: load().init, type: 'video/mp4' };
  const m = /^segment-(\d{1,12})\.m4s$/.exec(name);
  if (!m) return null;
  const n = Number(m[1]);
  if (n > liveEdge(nowMs) + 1) return null;
  return { body: load().segments[n % FILES]!, type: 'video/iso.segment' };
}
