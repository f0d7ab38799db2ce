import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminMovieSchema,
  GuideSchema,
  HighlightSchema,
  MovieSchema,
  PageTextSchema,
  PlaybackSchema,
  TvChannelSchema,
} from '@pitchside/shared/content';
import { MatchStreamsSchema } from '@pitchside/shared/payments';
import { buildMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { createSimulator, FINISHED, fixtureStateAt, IN_PLAY, type Simulator } from '@pitchside/simulator';
import { apiClient, type ApiClient } from '@pitchside/test-support/auth-api';
import { testDatabase, type TestDatabase, type TestDatabaseKind } from '@pitchside/test-support/database';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { expectInert } from '@pitchside/test-support/inert-html';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

/**
 * The CMS's API and the public content reads over HTTP (issue 6): a real gateway on PostgreSQL (and the
 * storage round trip on PGlite), Redis, and the simulator as the streaming provider (highlight clips, the
 * videos movies and TV play). Every admin route refuses visitors and non-admins; bad bodies get field
 * issues; changes are audited; what an operator saves is what visitors read, with markdown rendered inert;
 * premium films play only with a site-wide plan, through signed URLs on our origin.
 */

const PASSWORD = 'correct-horse-1';
const MATCH = '990001';
const LIVE_MATCH_TEMPLATE = { status: 'first_half' } as const;

/** Every admin route of the content API, with a body that would be valid. */
const movieBody = (over: Record<string, unknown> = {}) => ({
  title: 'The Long Season',
  synopsis: 'A club, a season.',
  year: 2021,
  access: 'free',
  video: { kind: 'hls', url: 'http://127.0.0.1:9/none/index.m3u8' },
  ...over,
});
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/admin/hot-pins'],
  ['PUT', '/admin/hot-pins', { matchIds: [MATCH] }],
  ['GET', `/admin/matches/${MATCH}/stream-sources`],
  [
    'POST',
    `/admin/matches/${MATCH}/stream-sources`,
    { label: 'X', access: 'free', hls: 'http://x.test/a.m3u8' },
  ],
  ['DELETE', `/admin/matches/${MATCH}/stream-sources/cms-abc`],
  ['GET', '/admin/content/highlights'],
  [
    'PUT',
    '/admin/content/highlights/h1',
    { matchId: null, title: 'T', video: { kind: 'mp4', url: 'http://x.test/a.mp4' } },
  ],
  ['DELETE', '/admin/content/highlights/h1'],
  ['GET', '/admin/content/movies'],
  ['PUT', '/admin/content/movies/m1', movieBody()],
  ['DELETE', '/admin/content/movies/m1'],
  ['GET', '/admin/content/tv'],
  ['PUT', '/admin/content/tv/t1', { name: 'T', access: 'free', hls: 'http://x.test/a.m3u8' }],
  ['DELETE', '/admin/content/tv/t1'],
  ['GET', '/admin/content/guides?lang=en'],
  ['PUT', '/admin/content/guides/en/g1', { title: 'G', body: 'text' }],
  ['DELETE', '/admin/content/guides/en/g1'],
  ['GET', '/admin/content/pages'],
  ['PUT', '/admin/content/pages/faq/en', { title: 'FAQ', body: 'text' }],
  ['DELETE', '/admin/content/pages/faq/en'],
];

describe('content API on postgres', () => {
  let t: TestRedis;
  let database: TestDatabase;
  let simulator: Simulator;
  let gateway: TestGateway;
  let api: ApiClient;
  let admin: { uid: string; token: string };
  let fan: { uid: string; token: string };
  let finishedMatchId = '';
  let liveMatchId = '';

  const signUp = async () => {
    const user = await api.register(`cms-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
    return { uid: user.uid, token: user.token.access_token };
  };
  const call = (method: string, path: string, body?: unknown, token = admin.token) =>
    api.call(method, path, { body, token });

  beforeAll(async () => {
    [t, database] = await Promise.all([testRedis(), testDatabase('postgres')]);
    simulator = createSimulator({ timeScale: 0 });
    const { url: simulatorUrl } = await simulator.listen(0);
    const now = simulator.clock.nowMs();
    const fixtures = simulator.schedule.fixturesAt(now);
    // The most recent finished match (the schedule also holds two weeks of results).
    const finished = fixtures
      .filter((f) => FINISHED.has(fixtureStateAt(f, now).status.short))
      .reduce((a, b) => (b.kickoffMs > a.kickoffMs ? b : a));
    finishedMatchId = String(finished.id);
    liveMatchId = String(fixtures.find((f) => IN_PLAY.has(fixtureStateAt(f, now).status.short))!.id);
    const store = new MatchStore(t.redis, t.keys);
    await store.ingest({ match: buildMatch({ id: MATCH, ...LIVE_MATCH_TEMPLATE }) });
    await store.ingest({ match: buildMatch({ id: liveMatchId, ...LIVE_MATCH_TEMPLATE }) });
    // Stored with the simulator's own kickoff: the latest finished matches are those of the last two days,
    // counted from now, so a fixed calendar date would fall out of them as the real date moves on.
    await store.ingest({
      match: buildMatch({
        id: finishedMatchId,
        status: 'finished',
        kickoff: new Date(finished.kickoffMs).toISOString(),
      }),
    });
    gateway = await startGateway(t, { db: database.db, payments: { streams: { apiUrl: simulatorUrl } } });
    api = apiClient(gateway.url);
    [admin, fan] = await Promise.all([signUp(), signUp()]);
    await database.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [admin.uid]);
  });

  afterAll(async () => {
    await gateway.close();
    await simulator.close();
    await database.cleanup();
    await t.cleanup();
  });

  it('every admin route answers 401 without a token and 403 to a signed-in user without the admin scope', async () => {
    for (const [method, path, body] of ADMIN_ROUTES) {
      const visitor = await api.call(method, path, { body });
      expect([visitor.status, visitor.body?.error?.code], `${method} ${path}`).toEqual([
        401,
        'auth:unauthenticated',
      ]);
      const forbidden = await api.call(method, path, { body, token: fan.token });
      expect([forbidden.status, forbidden.body?.error?.code], `${method} ${path}`).toEqual([
        403,
        'auth:forbidden',
      ]);
    }
    // Nothing was written on their behalf.
    const [written] = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE event LIKE 'content.%' OR event = 'hot-pins.updated'`,
    );
    expect(written!.n).toBe(0);
  });

  it('bad bodies get 400 request:invalid with the fields, unknown ids 404', async () => {
    const bad = await call(
      'PUT',
      '/admin/content/movies/m1',
      movieBody({ title: '', access: 'gold', extra: 1 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body!.error!.code).toBe('request:invalid');
    expect(bad.body!.error!.issues!.map((i) => i.path).sort()).toEqual(['', 'access', 'title']);

    const badUrl = await call('PUT', '/admin/content/highlights/h1', {
      matchId: null,
      title: 'T',
      video: { kind: 'hls', url: 'javascript:alert(1)' },
    });
    expect(badUrl.body!.error!.issues!.map((i) => i.path)).toEqual(['video.url']);
    const badSlug = await call('PUT', '/admin/content/movies/Not_A_Slug', movieBody());
    expect([badSlug.status, badSlug.body!.error!.issues![0]!.path]).toEqual([400, 'id']);
    const badPins = await call('PUT', '/admin/hot-pins', { matchIds: [MATCH, 'no-such-match'] });
    expect([badPins.status, badPins.body!.error!.issues]).toEqual([
      400,
      [{ path: 'matchIds.1', message: expect.any(String), code: 'match:not-found' }],
    ]);
    const badSchedule = await call('PUT', '/admin/content/tv/t1', {
      name: 'T',
      access: 'free',
      hls: 'http://x.test/a.m3u8',
      schedule: [
        { title: 'A', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T12:00:00Z' },
        { title: 'B', startsAt: '2030-01-01T11:00:00Z', endsAt: '2030-01-01T10:30:00Z' },
      ],
    });
    expect(badSchedule.body!.error!.issues!.map((i) => i.path)).toEqual([
      'schedule.1.endsAt',
      'schedule.1.startsAt',
    ]);
    const badPage = await call('PUT', '/admin/content/pages/home/en', { title: 'x', body: 'y' });
    expect([badPage.status, badPage.body!.error!.issues![0]!.path]).toEqual([400, 'page']);

    for (const [method, path] of [
      ['DELETE', '/admin/content/movies/nope'],
      ['DELETE', '/admin/content/tv/nope'],
      ['DELETE', '/admin/content/highlights/nope'],
      ['DELETE', '/admin/content/guides/en/nope'],
      ['DELETE', '/admin/content/pages/faq/de'],
      ['DELETE', `/admin/matches/${MATCH}/stream-sources/cms-nope`],
    ] as const) {
      const res = await call(method, path);
      expect([res.status, res.body!.error!.code], path).toEqual([404, 'content:not-found']);
    }
    for (const path of [
      '/content/movies/nope',
      '/content/tv/nope',
      '/content/highlights/nope',
      '/content/guides/en/nope',
      '/content/pages/faq/en',
      '/content/movies/nope/play',
    ]) {
      const res = await api.get(path);
      expect([res.status, res.body!.error!.code], path).toEqual([404, 'content:not-found']);
    }
    const unknownMatch = await call('GET', '/admin/matches/424242/stream-sources');
    expect([unknownMatch.status, unknownMatch.body!.error!.code]).toEqual([404, 'match:not-found']);
  });

  it('an embed from a host not in VIDEO_EMBED_HOSTS is refused; a known one is kept', async () => {
    const refused = await call('PUT', '/admin/content/highlights/evil', {
      matchId: null,
      title: 'Evil',
      video: { kind: 'embed', url: 'https://evil.example/player?v=1' },
    });
    expect([refused.status, refused.body!.error!.code, refused.body!.error!.issues![0]!.path]).toEqual([
      400,
      'content:invalid-video',
      'video.url',
    ]);
    expect((await api.get('/content/highlights/evil')).status).toBe(404);

    const saved = await call('PUT', '/admin/content/highlights/goal-of-the-month', {
      matchId: null,
      title: 'Goal of the month',
      video: { kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/abc123' },
    });
    expect(saved.status).toBe(200);
    const read = HighlightSchema.parse((await api.get('/content/highlights/goal-of-the-month')).body!.data);
    expect(read.video).toEqual({ kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/abc123' });
    const csp = (await fetch(`${gateway.url}/api/health`)).headers.get('content-security-policy')!;
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://www.youtube-nocookie.com');
  });

  it('what an operator saves is what visitors read, and every change is in the audit log', async () => {
    const hls = `${await simulatorBase()}/streams/vod/movie-x/index.m3u8`;
    const saved = await call(
      'PUT',
      '/admin/content/movies/the-long-season',
      movieBody({ video: { kind: 'hls', url: hls }, position: 5 }),
    );
    expect(saved.status).toBe(200);
    expect(AdminMovieSchema.parse(saved.body!.data).video.url).toBe(hls);
    const movies = MovieSchema.array().parse((await api.get('/content/movies')).body!.data);
    expect(movies.find((m) => m.id === 'the-long-season')).toEqual({
      id: 'the-long-season',
      title: 'The Long Season',
      synopsis: 'A club, a season.',
      year: 2021,
      posterUrl: null,
      access: 'free',
      position: 5,
    });
    // The origin never reaches visitors.
    expect(JSON.stringify((await api.get('/content/movies/the-long-season')).body)).not.toContain(hls);
    expect(
      ((await call('GET', '/admin/content/movies')).body!.data as { video: unknown }[])[0]!.video,
    ).toEqual({ kind: 'hls', url: hls });

    const past = { title: 'Yesterday', startsAt: '2020-01-01T10:00:00Z', endsAt: '2020-01-01T12:00:00Z' };
    const next = { title: 'Tomorrow', startsAt: '2099-01-01T10:00:00Z', endsAt: '2099-01-01T12:00:00Z' };
    expect(
      (
        await call('PUT', '/admin/content/tv/sport-one', {
          name: 'Sport One',
          access: 'free',
          hls,
          schedule: [past, next],
        })
      ).status,
    ).toBe(200);
    const channel = TvChannelSchema.parse((await api.get('/content/tv/sport-one')).body!.data);
    expect(channel.schedule).toEqual([next]);
    expect(channel).not.toHaveProperty('hls');

    expect(
      (
        await call('PUT', '/admin/content/guides/de/anleitung', {
          title: 'Anleitung',
          summary: 'Kurz',
          body: '# Hallo\n\n**fett**',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PUT', '/admin/content/guides/en/anleitung', {
          title: 'Guide',
          body: 'Hello',
          published: false,
        })
      ).status,
    ).toBe(200);
    const guides = (await api.get('/content/guides?lang=de')).body!.data as { slug: string }[];
    expect(guides.map((g) => g.slug)).toEqual(['anleitung']);
    const guide = GuideSchema.parse((await api.get('/content/guides/de/anleitung')).body!.data);
    expect(guide).toMatchObject({ title: 'Anleitung', summary: 'Kurz', languages: ['de'] });
    expect(guide.bodyHtml).toBe('<h1>Hallo</h1>\n<p><strong>fett</strong></p>\n');
    // Unpublished: not for visitors, but in the CMS.
    expect((await api.get('/content/guides/en/anleitung')).status).toBe(404);
    expect(((await call('GET', '/admin/content/guides?lang=en')).body!.data as unknown[]).length).toBe(1);

    expect(
      (
        await call('PUT', '/admin/content/pages/faq/en', {
          title: 'FAQ',
          body: 'Ask [us](mailto:help@example.com).',
        })
      ).status,
    ).toBe(200);
    const page = PageTextSchema.parse((await api.get('/content/pages/faq/en')).body!.data);
    expect(page.bodyHtml).toBe('<p>Ask <a href="mailto:help@example.com">us</a>.</p>\n');
    expect((await api.get('/content/pages/faq/de')).status).toBe(404);

    expect((await call('DELETE', '/admin/content/pages/faq/en')).body!.data).toEqual({
      page: 'faq',
      language: 'en',
    });
    expect((await api.get('/content/pages/faq/en')).status).toBe(404);

    const audit = await database.db.query<{
      event: string;
      user_id: string;
      detail: Record<string, unknown>;
    }>(`SELECT event, user_id, detail FROM audit_log WHERE event LIKE 'content.%' ORDER BY id`);
    expect(audit.map((a) => [a.event, a.detail])).toEqual(
      expect.arrayContaining([
        ['content.movie.saved', { movieId: 'the-long-season' }],
        ['content.tv.saved', { channelId: 'sport-one' }],
        ['content.guide.saved', { slug: 'anleitung', language: 'de' }],
        ['content.page.saved', { page: 'faq', language: 'en' }],
        ['content.page.deleted', { page: 'faq', language: 'en' }],
      ]),
    );
    expect(new Set(audit.map((a) => a.user_id))).toEqual(new Set([admin.uid]));
  });

  it('hostile markdown and HTML in guides and page texts come back inert', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(1)">raw</a>',
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](jav&#x61;script:alert(1))',
      '[d](data:text/html;base64,PHNjcmlwdD4=) [e](vbscript:msgbox(1)) [f](%6Aavascript:alert(1))',
      '[g](java\tscript:alert(1)) [h](//evil.example) [i](/\\evil.example)',
      '![j](javascript:alert(1)) ![k](http://images.example/a.png) ![l](data:image/svg+xml,<svg onload=alert(1)>)',
      '&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;',
      '[ok](https://example.com) [home](/en/faq) ![pic](https://images.example/b.png)',
    ].join('\n\n');
    await call('PUT', '/admin/content/guides/en/hostile', { title: '<b>T</b>', body: hostile });
    await call('PUT', '/admin/content/pages/terms/en', { title: 'Terms', body: hostile });
    for (const html of [
      GuideSchema.parse((await api.get('/content/guides/en/hostile')).body!.data).bodyHtml,
      PageTextSchema.parse((await api.get('/content/pages/terms/en')).body!.data).bodyHtml,
    ]) {
      expectInert(html);
      expect(html).not.toMatch(/href="(javascript|vbscript|data):/i);
      // The allowed ones survive: an external link marked as such, a site link, an https image.
      expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer ugc">ok</a>');
      expect(html).toContain('<a href="/en/faq">home</a>');
      expect(html).toContain('<img src="https://images.example/b.png" alt="pic" loading="lazy">');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('the sitemap lists a published guide in the languages it is written in, and not a draft', async () => {
    const body = { title: 'Reading a league table', body: 'Points first, then goal difference.' };
    await call('PUT', '/admin/content/guides/en/tables', body);
    await call('PUT', '/admin/content/guides/de/tables', body);
    await call('PUT', '/admin/content/guides/fr/draft-only', { ...body, published: false });
    const sitemap = await (await fetch(`${gateway.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.filter((path) => path.endsWith('/guides/tables')).sort()).toEqual([
      '/de/guides/tables',
      '/en/guides/tables',
    ]);
    expect(locs.some((path) => path.includes('draft-only'))).toBe(false);
  });

  it('premium films: 401 for visitors, 403 without a site-wide plan, a signed URL with one', async () => {
    const base = await simulatorBase();
    await call(
      'PUT',
      '/admin/content/movies/ninety-minutes',
      movieBody({
        access: 'premium',
        video: { kind: 'hls', url: `${base}/streams/vod/movie-ninety/index.m3u8` },
      }),
    );
    const visitor = await api.get('/content/movies/ninety-minutes/play');
    expect([visitor.status, visitor.body!.error!.code]).toEqual([401, 'auth:unauthenticated']);
    const without = await api.get('/content/movies/ninety-minutes/play', fan.token);
    expect([without.status, without.body!.error!.code]).toEqual([403, 'stream:not-entitled']);
    // A football pass is not a site-wide plan.
    await grant(fan.uid, 'football-pass', 'football');
    expect((await api.get('/content/movies/ninety-minutes/play', fan.token)).status).toBe(403);
    // Nor can the media path be fetched without a token.
    expect((await fetch(`${gateway.url}/media/movie/premium/ninety-minutes/index.m3u8`)).status).toBe(403);

    const buyer = await signUp();
    await grant(buyer.uid, 'monthly', null);
    const play = PlaybackSchema.parse(
      (await api.get('/content/movies/ninety-minutes/play', buyer.token)).body!.data,
    );
    expect(play.kind).toBe('hls');
    expect(play.url).toMatch(/^\/media\/movie\/premium\/ninety-minutes\/index\.m3u8\?token=v1\./);
    expect(Date.parse(play.expiresAt!)).toBeGreaterThan(Date.now());
    const playlist = await fetch(`${gateway.url}${play.url}`);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain(base);
    const segment = /^segment-0\.m4s\?token=.+$/m.exec(text)![0];
    const media = await fetch(`${gateway.url}/media/movie/premium/ninety-minutes/${segment}`);
    expect(media.status).toBe(200);
    expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // The token is this film's only.
    const token = new URL(play.url, gateway.url).searchParams.get('token')!;
    expect(
      (await fetch(`${gateway.url}/media/movie/premium/the-long-season/index.m3u8?token=${token}`)).status,
    ).toBe(403);

    // A free film plays for anyone, through our origin.
    const free = PlaybackSchema.parse((await api.get('/content/movies/the-long-season/play')).body!.data);
    expect(free).toEqual({
      kind: 'hls',
      url: '/media/movie/free/the-long-season/index.m3u8',
      expiresAt: null,
    });
    expect((await fetch(`${gateway.url}${free.url}`)).status).toBe(200);
    // A premium channel: same rules.
    await call('PUT', '/admin/content/tv/sport-plus', {
      name: 'Sport+',
      access: 'premium',
      hls: `${base}/streams/tv/sport-plus/index.m3u8`,
    });
    expect((await api.get('/content/tv/sport-plus/play')).status).toBe(401);
    const tv = PlaybackSchema.parse((await api.get('/content/tv/sport-plus/play', buyer.token)).body!.data);
    const live = await (await fetch(`${gateway.url}${tv.url}`)).text();
    expect(live).toContain('#EXT-X-MEDIA-SEQUENCE');
    expect(live).not.toContain('#EXT-X-ENDLIST');
  });

  it("a match's CMS stream sources are listed beside the provider's and play through the same proxy", async () => {
    const base = await simulatorBase();
    const added = await call('POST', `/admin/matches/${liveMatchId}/stream-sources`, {
      label: 'Commentary in German',
      access: 'free',
      hls: `${base}/streams/tv/german-feed/index.m3u8`,
    });
    expect(added.status).toBe(201);
    const sourceId = (added.body!.data as { id: string }).id;
    const streams = MatchStreamsSchema.parse((await api.get(`/matches/${liveMatchId}/streams`)).body!.data);
    expect(streams.sources.map((s) => s.id)).toEqual(['main', 'stadium', sourceId]);
    const ours = streams.sources.find((s) => s.id === sourceId)!;
    expect(ours).toMatchObject({ label: 'Commentary in German', access: 'free' });
    expect(await (await fetch(`${gateway.url}${ours.url}`)).text()).toContain('#EXTM3U');

    expect((await call('DELETE', `/admin/matches/${liveMatchId}/stream-sources/${sourceId}`)).status).toBe(
      200,
    );
    const after = MatchStreamsSchema.parse((await api.get(`/matches/${liveMatchId}/streams`)).body!.data);
    expect(after.sources.map((s) => s.id)).toEqual(['main', 'stadium']);
  });

  it("highlights: the provider's clips of a finished match beside the CMS's, newest first", async () => {
    await call('PUT', '/admin/content/highlights/match-review', {
      matchId: finishedMatchId,
      title: 'Our review',
      video: { kind: 'mp4', url: 'http://127.0.0.1:9/review.mp4' },
      publishedAt: '2001-01-01T00:00:00Z',
    });
    const list = HighlightSchema.array().parse(
      (await api.get(`/content/highlights?matchId=${finishedMatchId}`)).body!.data,
    );
    const clips = list.filter((h) => h.id.startsWith('provider-'));
    expect(clips.length).toBeGreaterThanOrEqual(1);
    expect(list.at(-1)).toMatchObject({
      id: 'match-review',
      video: { kind: 'mp4', url: '/media/highlight/free/match-review/video.mp4' },
    });
    const clip = clips[0]!;
    expect(clip).toMatchObject({ matchId: finishedMatchId, video: { kind: 'hls' } });
    const vod = await (await fetch(`${gateway.url}${clip.video.url}`)).text();
    expect(vod).toContain('#EXT-X-ENDLIST');
    expect(HighlightSchema.parse((await api.get(`/content/highlights/${clip.id}`)).body!.data)).toEqual(clip);
    // The live match has none yet; the list without matchId has the finished match's clips.
    expect(
      ((await api.get(`/content/highlights?matchId=${liveMatchId}`)).body!.data as unknown[]).length,
    ).toBe(0);
    const all = HighlightSchema.array().parse((await api.get('/content/highlights')).body!.data);
    expect(all.map((h) => h.id)).toEqual(
      expect.arrayContaining([clip.id, 'match-review', 'goal-of-the-month']),
    );
    // Operators may not take the provider's ids.
    const reserved = await call('PUT', `/admin/content/highlights/${clip.id}`, {
      matchId: null,
      title: 'x',
      video: { kind: 'mp4', url: 'http://x.test/a.mp4' },
    });
    expect(reserved.status).toBe(400);
  });

  it('npm start seeds the demo catalogue once, and never again once operators changed it', async () => {
    const demo = await testDatabase('postgres');
    const options = {
      db: demo.db,
      content: { demo: true },
      payments: { streams: { apiUrl: simulator.url! } },
    };
    let site = await startGateway(t, options);
    try {
      const read = apiClient(site.url);
      const channels = TvChannelSchema.array().parse((await read.get('/content/tv')).body!.data);
      expect(channels.map((c) => c.access)).toEqual(['free', 'premium', 'free']);
      // A schedule for the coming days, from the programme on now.
      const last = Date.parse(channels[0]!.schedule.at(-1)!.endsAt);
      expect(last).toBeGreaterThan(Date.now() + 2 * 86_400_000);
      expect(Date.parse(channels[0]!.schedule[0]!.startsAt)).toBeLessThanOrEqual(Date.now());
      const movies = MovieSchema.array().parse((await read.get('/content/movies')).body!.data);
      expect(new Set(movies.map((m) => m.access))).toEqual(new Set(['free', 'premium']));
      for (const lang of ['en', 'de']) {
        const guides = (await read.get(`/content/guides?lang=${lang}`)).body!.data as { slug: string }[];
        expect(guides.length, lang).toBeGreaterThanOrEqual(1);
        const guide = GuideSchema.parse(
          (await read.get(`/content/guides/${lang}/${guides[0]!.slug}`)).body!.data,
        );
        expect(guide.bodyHtml).toContain('<h2>');
        expect(guide.languages).toEqual(['de', 'en']);
      }
      // The channels really play (the simulator's always-on test pattern), through our origin.
      const play = PlaybackSchema.parse((await read.get(`/content/tv/${channels[0]!.id}/play`)).body!.data);
      expect(await (await fetch(`${site.url}${play.url}`)).text()).toContain('#EXT-X-MEDIA-SEQUENCE');
      const film = movies.find((m) => m.access === 'free')!;
      const filmPlay = PlaybackSchema.parse((await read.get(`/content/movies/${film.id}/play`)).body!.data);
      expect(await (await fetch(`${site.url}${filmPlay.url}`)).text()).toContain('#EXT-X-ENDLIST');

      // An operator deletes a film; a restart does not bring it back.
      const user = await read.register(`cms-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
      await demo.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [user.uid]);
      await read.call('DELETE', `/admin/content/movies/${film.id}`, { token: user.token.access_token });
      await site.close();
      site = await startGateway(t, options);
      const again = MovieSchema.array().parse((await apiClient(site.url).get('/content/movies')).body!.data);
      expect(again.map((m) => m.id)).toEqual(movies.map((m) => m.id).filter((id) => id !== film.id));
    } finally {
      await site.close();
      await demo.cleanup();
    }
  });

  async function simulatorBase(): Promise<string> {
    return simulator.url!.replace(/\/+$/, '');
  }

  async function grant(userId: string, planId: string, sport: string | null): Promise<void> {
    const [order] = await database.db.query<{ id: string }>(
      `INSERT INTO orders (user_id, plan_id, plan_name, sport, period_unit, period_count, amount, currency, provider, state)
       VALUES ($1, $2, 'plan', $3, 'month', 1, 999, 'EUR', 'sandbox', 'captured') RETURNING id`,
      [userId, planId, sport],
    );
    await database.db.query(
      `INSERT INTO entitlements (user_id, order_id, plan_id, sport, starts_at, ends_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      // The application's clock, as the gateway's own writes use (never PostgreSQL's now()).
      [
        userId,
        order!.id,
        planId,
        sport,
        new Date(Date.now() - 60_000),
        new Date(Date.now() + 30 * 86_400_000),
      ],
    );
  }
});

describe.each<TestDatabaseKind>(['pglite'])('content storage on %s', (kind) => {
  it('migrates, saves and reads every kind of content', async () => {
    const [t, database] = await Promise.all([testRedis(), testDatabase(kind)]);
    const gateway = await startGateway(t, { db: database.db });
    try {
      const api = apiClient(gateway.url);
      const user = await api.register(`cms-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
      await database.db.query(`UPDATE users SET scope = '{admin}' WHERE id = $1`, [user.uid]);
      const token = user.token.access_token;
      const put = (path: string, body: unknown) => api.call('PUT', path, { body, token });
      expect((await put('/admin/content/movies/m1', movieBody())).status).toBe(200);
      expect(
        (
          await put('/admin/content/tv/t1', {
            name: 'T',
            access: 'free',
            hls: 'http://x.test/a.m3u8',
            schedule: [{ title: 'P', startsAt: '2099-01-01T00:00:00Z', endsAt: '2099-01-01T01:00:00Z' }],
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await put('/admin/content/highlights/h1', {
            matchId: null,
            title: 'H',
            video: { kind: 'mp4', url: 'http://x.test/a.mp4' },
          })
        ).status,
      ).toBe(200);
      expect((await put('/admin/content/guides/en/g1', { title: 'G', body: '*hi*' })).status).toBe(200);
      expect((await put('/admin/content/pages/faq/en', { title: 'F', body: 'x' })).status).toBe(200);
      expect((await put('/admin/hot-pins', { matchIds: [] })).body!.data).toEqual({ matchIds: [] });
      expect(((await api.get('/content/tv/t1')).body!.data as { schedule: unknown[] }).schedule).toHaveLength(
        1,
      );
      expect(((await api.get('/content/guides/en/g1')).body!.data as { bodyHtml: string }).bodyHtml).toBe(
        '<p><em>hi</em></p>\n',
      );
      expect(((await api.get('/content/highlights')).body!.data as unknown[]).length).toBe(1);
      const [audited] = await database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE event LIKE 'content.%'`,
      );
      expect(audited!.n).toBe(5);
    } finally {
      await gateway.close();
      await database.cleanup();
      await t.cleanup();
    }
    // PGlite (WebAssembly) starts and migrates slowly on a busy machine.
  }, 120_000);
});
