import { describe, expect, it } from 'vitest';
import { livePlaylist, streamFile } from './live-stream.ts';

/** Each segment's (media sequence, discontinuity sequence) as a player would number them. */
function numbered(playlist: string): Map<number, number> {
  const lines = playlist.trim().split('\n');
  let seq = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)![1]);
  let disc = Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(playlist)![1]);
  const out = new Map<number, number>();
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') disc++;
    const m = /^segment-(\d+)\.m4s$/.exec(line);
    if (m) {
      expect(Number(m[1])).toBe(seq);
      out.set(seq++, disc);
    }
  }
  return out;
}

describe('the test pattern as a live stream', () => {
  it('slides a five-segment window along the wall clock', () => {
    const playlist = livePlaylist(1_000_000);
    expect(playlist).toMatch(/^#EXTM3U\n/);
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    expect([...numbered(playlist).keys()]).toEqual([495, 496, 497, 498, 499]);
    expect([...numbered(livePlaylist(1_002_000)).keys()]).toEqual([496, 497, 498, 499, 500]);
  });

  it('numbers every segment into the same discontinuity on every reload', () => {
    const seen = new Map<number, number>();
    for (let t = 1_000_000; t < 1_030_000; t += 700) {
      for (const [seq, disc] of numbered(livePlaylist(t))) {
        expect(disc).toBe(Math.floor(seq / 4));
        if (seen.has(seq)) expect(seen.get(seq)).toBe(disc);
        seen.set(seq, disc);
      }
    }
  });

  it('serves the init section and made segments only', () => {
    expect(streamFile('init.mp4', 1_000_000)?.type).toBe('video/mp4');
    expect(streamFile('segment-499.m4s', 1_000_000)?.body.length).toBeGreaterThan(10_000);
    expect(streamFile('segment-600.m4s', 1_000_000)).toBeNull();
    expect(streamFile('../README.md', 1_000_000)).toBeNull();
  });
});
