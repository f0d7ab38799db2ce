import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../simulator.ts';
import { FINISHED, IN_PLAY, fixtureStateAt } from '../match-state.ts';

/**
 * The streaming provider's on-demand side over HTTP: a finished fixture has one or two highlight clips, a
 * fixture in play none; a clip is a VOD playlist of the test pattern that ends; TV channels are live.
 */
let simulator: Simulator;
let base = '';

beforeAll(async () => {
  simulator = createSimulator({ timeScale: 0 });
  base = (await simulator.listen(0)).url.replace(/\/+$/, '');
});
afterAll(() => simulator.close());

const highlightsOf = async (fixture: number | string) => {
  const response = await fetch(`${base}/highlights?fixture=${fixture}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { response: { id: string; hls: string; publishedAt: string }[] })
    .response;
};

describe('/highlights', () => {
  it('lists clips of finished fixtures only', async () => {
    const now = simulator.clock.nowMs();
    const fixtures = simulator.schedule.fixturesAt(now);
    const finished = fixtures.filter((f) => FINISHED.has(fixtureStateAt(f, now).status.short));
    const live = fixtures.find((f) => IN_PLAY.has(fixtureStateAt(f, now).status.short))!;
    expect(finished.length).toBeGreaterThan(1);
    for (const fixture of finished.slice(0, 4)) {
      const clips = await highlightsOf(fixture.id);
      expect(clips.map((c) => c.id)).toEqual(fixture.id % 2 === 0 ? ['goals', 'extended'] : ['goals']);
      expect(Date.parse(clips[0]!.publishedAt)).toBeGreaterThan(fixture.kickoffMs);
    }
    expect(await highlightsOf(live.id)).toEqual([]);
    expect(await highlightsOf('999999999')).toEqual([]);
    expect(await highlightsOf('nope')).toEqual([]);
  });

  it("serves a clip as a VOD playlist that ends, with the pattern's files, and channels as live ones", async () => {
    const now = simulator.clock.nowMs();
    const fixture = simulator.schedule
      .fixturesAt(now)
      .find((f) => FINISHED.has(fixtureStateAt(f, now).status.short))!;
    const [clip] = await highlightsOf(fixture.id);
    const playlist = await (await fetch(clip!.hls)).text();
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const segment = await fetch(new URL('segment-3.m4s', clip!.hls));
    expect([segment.status, segment.headers.get('content-type')]).toEqual([200, 'video/iso.segment']);
    expect((await fetch(new URL('segment-4.m4s', clip!.hls))).status).toBe(404);

    const channel = await (await fetch(`${base}/streams/tv/pitchside-one/index.m3u8`)).text();
    expect(channel).toContain('#EXT-X-MEDIA-SEQUENCE');
    expect(channel).not.toContain('#EXT-X-ENDLIST');
    expect((await fetch(`${base}/streams/tv/Bad_Name/index.m3u8`)).status).toBe(404);
  });
});
