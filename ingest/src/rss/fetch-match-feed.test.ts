import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../providers/errors.ts';
import { startRecordedServer, type RecordedServer } from '../providers/testing/recorded-server.ts';
import { hasSharedData, readSharedText, warnIfNoSharedData } from '../providers/testing/shared-data.ts';
import { fetchMatchFeed } from './fetch-match-feed.ts';

warnIfNoSharedData('fetchMatchFeed over HTTP');

describe.skipIf(!hasSharedData)('fetchMatchFeed against a local server', () => {
  let server: RecordedServer | undefined;
  afterEach(() => server?.close());

  it("fetches and parses the BBC feed; each story opens on its own host, not the feed's", async () => {
    server = await startRecordedServer({
      '/sport/football/rss.xml': {
        body: readSharedText('rss/bbc_sport_football_rss2_media-thumbnail.xml'),
        headers: { 'content-type': 'application/rss+xml' },
      },
      '/down': { status: 503, body: 'down' },
      '/slow': { body: '<rss/>', delayMs: 1000 },
    });
    const items = await fetchMatchFeed(`${server.url}/sport/football/rss.xml`, 2000);
    expect(items).toHaveLength(70);
    expect(items[0]!.source).toBe('bbc.co.uk');
    expect(items.every((i) => i.sport === 'football')).toBe(true);

    const down = await fetchMatchFeed(`${server.url}/down`, 2000).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(UpstreamError);
    expect((down as UpstreamError).code).toBe('ingest:upstream-http');
    const slow = await fetchMatchFeed(`${server.url}/slow`, 100).catch((e: unknown) => e);
    expect((slow as UpstreamError).code).toBe('ingest:upstream-timeout');
  });
});
