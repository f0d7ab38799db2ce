import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { signPlaylistUris } from './hls-playlist-signing.ts';

const token = 'v1.1760000120.dTE.L3N0cmVhbXMv.abc_-';

describe('signPlaylistUris', () => {
  it('gives every segment and the init section of our test stream the token', () => {
    const playlist = readFileSync(
      createRequire(import.meta.url).resolve('@pitchside/simulator/streams/test-pattern/index.m3u8'),
      'utf8',
    );
    const signed = signPlaylistUris(playlist, token);
    expect(signed).toContain(`#EXT-X-MAP:URI="init.mp4?token=${token}"`);
    const uris = signed.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris).toEqual([0, 1, 2, 3].map((i) => `segment-${i}.m4s?token=${token}`));
    // Tags without URIs are untouched.
    expect(signed).toContain('#EXT-X-TARGETDURATION:2');
    expect(signed).toContain('#EXTINF:2.000000,');
  });

  it('signs variant playlists and renditions of a master playlist, and keeps existing queries', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="en",URI="audio/en.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=200000,AUDIO="aud"',
      'low/index.m3u8?lang=en',
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x1',
      '',
    ].join('\r\n');
    const signed = signPlaylistUris(master, token);
    expect(signed).toContain(`URI="audio/en.m3u8?token=${token}"`);
    expect(signed).toContain(`low/index.m3u8?lang=en&token=${token}\r\n`);
    expect(signed).toContain(`URI="key.bin?token=${token}",IV=0x1`);
  });

  it('never hands our token to another host', () => {
    const playlist =
      '#EXTM3U\n#EXT-X-MAP:URI="https://cdn.example/init.mp4"\nhttps://cdn.example/a.m4s\n//cdn.example/b.m4s\n';
    expect(signPlaylistUris(playlist, token)).toBe(playlist);
  });
});
