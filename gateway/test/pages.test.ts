import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompetitionSchema,
  TeamSchema,
  emptyScore,
  type Match,
  type MatchEvent,
} from '@pitchside/shared/domain';
import type { HeadToHead, SportPage, SportSummary, TeamPage } from '@pitchside/shared/protocol';
import { buildEvent, buildMatch, liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { ReferenceStore } from '@pitchside/ingest/pipeline/reference-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startGateway } from '@pitchside/test-support/gateway';

/** The REST reads behind the hot-matches, team, head-to-head and sport pages, on real Redis. */
describe('gateway REST reads for the site pages', () => {
  let t: TestRedis;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const get = (path: string) => fetch(`${gateway.url}${path}`);
  const data = async <T>(path: string): Promise<T> => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const error = async (path: string) => {
    const res = await get(path);
    return { status: res.status, ...((await res.json()) as { error: { code: string; message: string } }) };
  };

  const UNITED = { id: '33', name: 'Manchester United', logo: null };
  const CITY = { id: '50', name: 'Manchester City', logo: null };
  const ATLETICO = { id: '530', name: 'Atlético Madrid', logo: null };
  const others = {
    home: { id: '1001', name: 'Ashworth Rovers', logo: null },
    away: { id: '1002', name: 'Blackmere City', logo: null },
  };
  const premier = buildMatch().competition;
  const minor = { ...premier, id: '999', name: 'Minor League' };
  const hoops = { ...premier, id: 'bb-951', name: 'Continental Hoops Association', sport: 'basketball' };
  const day = '2026-11-22';

  const finished = (
    id: string,
    kickoff: string,
    home: number,
    away: number,
    overrides: Partial<Match> = {},
  ) => liveMatch(home, away, 90, { id, kickoff, status: 'finished', ...overrides });
  const basketballGame = (id: string, status: Match['status'], home: number | null, away: number | null) => {
    const score = emptyScore();
    score.current = { home, away };
    return buildMatch({
      id,
      status,
      kickoff: `${day}T18:00:00Z`,
      competition: hoops,
      home: { id: 'bb-5001', name: 'Bayport Breakers', logo: null },
      away: { id: 'bb-5002', name: 'Cedar Falls Comets', logo: null },
      score,
    });
  };

  beforeAll(async () => {
    t = await testRedis();
    const store = new MatchStore(t.redis, t.keys);
    const reference = new ReferenceStore(t.redis, t.keys);
    const red: MatchEvent = buildEvent({ id: 'red-1', kind: 'red', minute: 30, detail: 'Red Card' });
    const matches: { match: Match; events?: MatchEvent[] }[] = [
      // Live, in the Premier League: a late draw, an early lead with a red card, a blow-out.
      { match: liveMatch(2, 2, 86, { id: 'late-draw', kickoff: `${day}T13:30:00Z`, ...others }) },
      {
        match: liveMatch(1, 0, 20, { id: 'early-lead', kickoff: `${day}T14:30:00Z`, ...others }),
        events: [red],
      },
      {
        match: liveMatch(1, 1, 86, {
          id: 'minor-draw',
          kickoff: `${day}T13:30:00Z`,
          competition: minor,
          ...others,
        }),
      },
      { match: buildMatch({ id: 'tonight', kickoff: `${day}T20:00:00Z`, ...others }) },
      { match: buildMatch({ id: 'tomorrow', kickoff: '2026-11-23T15:00:00Z', ...others }) },
      { match: finished('done-today', `${day}T11:00:00Z`, 3, 0, { away: others.home }) },
      // United v City over the years, and once more to come.
      { match: finished('derby-1', '2025-10-01T15:00:00Z', 2, 1) },
      { match: finished('derby-2', '2026-02-01T15:00:00Z', 3, 0, { home: CITY, away: UNITED }) },
      { match: finished('derby-3', '2026-09-01T15:00:00Z', 1, 1) },
      { match: buildMatch({ id: 'derby-4', kickoff: '2026-12-20T15:00:00Z', home: CITY, away: UNITED }) },
      { match: finished('vs-atletico', '2026-10-01T19:00:00Z', 2, 0, { away: ATLETICO }) },
      { match: finished('form-5', '2026-10-20T19:00:00Z', 0, 1, { away: ATLETICO }) },
      // Basketball: one game in the fourth quarter, one to come tonight.
      { match: basketballGame('bb-1', 'fourth_quarter', 88, 86) },
      { match: { ...basketballGame('bb-2', 'scheduled', null, null), kickoff: `${day}T21:00:00Z` } },
    ];
    for (const m of matches) await store.ingest(m);

    const competition = (overrides: Partial<ReturnType<typeof CompetitionSchema.parse>>) =>
      CompetitionSchema.parse({
        id: premier.id,
        name: premier.name,
        type: 'league',
        country: 'England',
        season: 2026,
        logo: null,
        ...overrides,
      });
    await reference.saveCompetitions([
      competition({ popularity: 4 }),
      competition({ id: '999', name: 'Minor League', popularity: 100 }),
      competition({ id: 'bb-952', name: 'Euro Hoops League', sport: 'basketball', popularity: 25 }),
      competition({
        id: 'bb-951',
        name: 'Continental Hoops Association',
        sport: 'basketball',
        popularity: 20,
      }),
    ]);
    const team = (id: string, name: string, extra: Record<string, unknown> = {}) =>
      TeamSchema.parse({ id, name, logo: null, ...extra });
    await reference.saveTeams([
      team('33', 'Manchester United', { shortName: 'Man United', code: 'MUN' }),
      team('50', 'Manchester City', { shortName: 'Man City', code: 'MCI' }),
      team('530', 'Atlético Madrid', { code: 'ATM' }),
      team('1001', 'Ashworth Rovers', { code: 'ASH' }),
      // A club of the same name elsewhere: its slug is taken, United's meetings decide.
      team('9033', 'Manchester United', { country: 'Jamaica' }),
      team('bb-5001', 'Bayport Breakers'),
    ]);
    await reference.saveSquad(
      {
        teamId: '33',
        players: [
          { id: '9', name: 'R. Striker', number: 9, position: 'F', age: 24, photo: null },
          { id: '1', name: 'A. Keeper', number: 1, position: 'G', age: 30, photo: null },
          { id: '4', name: 'C. Back', number: 4, position: 'D', age: 27, photo: null },
        ],
        updatedAt: '2026-11-22T10:00:00Z',
      },
      Date.parse('2026-11-22T10:00:00Z'),
    );
    gateway = await startGateway(t);
  });
  afterAll(async () => {
    await gateway.close();
    await t.cleanup();
  });

  describe('GET /api/matches/hot', () => {
    it("ranks the day's live and upcoming matches, tight, late and prominent first, in the live list's shape", async () => {
      const hot = await data<{ match: Match; epoch: string; seq: number }[]>(`/api/matches/hot?date=${day}`);
      const ids = hot.map((e) => e.match.id);
      // Finished and other days' matches are not hot; a live basketball game is.
      expect(ids.sort()).toEqual(['bb-1', 'bb-2', 'early-lead', 'late-draw', 'minor-draw', 'tonight'].sort());
      const ranked = (await data<{ match: Match }[]>(`/api/matches/hot?date=${day}`)).map((e) => e.match.id);
      expect(ranked.indexOf('late-draw')).toBeLessThan(ranked.indexOf('minor-draw'));
      expect(ranked.indexOf('late-draw')).toBeLessThan(ranked.indexOf('early-lead'));
      expect(ranked.indexOf('early-lead')).toBeLessThan(ranked.indexOf('tonight'));
      expect(hot[0]).toEqual({
        match: expect.any(Object),
        epoch: expect.any(String),
        seq: expect.any(Number),
      });
    });

    it('honours the limit, and refuses a bad one', async () => {
      expect(await data<unknown[]>(`/api/matches/hot?date=${day}&limit=2`)).toHaveLength(2);
      for (const bad of ['limit=0', 'limit=51', 'limit=x', 'date=22-11-2026', 'tz=Mars/Olympus', 'sort=heat'])
        expect(await error(`/api/matches/hot?${bad}`), bad).toMatchObject({
          status: 400,
          error: { code: 'request:invalid' },
        });
      // Without a date it is today's: the live ones are there whatever day it is.
      const today = (await data<{ match: Match }[]>('/api/matches/hot')).map((e) => e.match.id);
      expect(today).toEqual(expect.arrayContaining(['late-draw', 'early-lead', 'bb-1']));
    });
  });

  describe('GET /api/teams', () => {
    it('searches by name, short name and code, case and accents ignored, prefixes first', async () => {
      const ids = async (q: string) =>
        (await data<{ id: string }[]>(`/api/teams?q=${encodeURIComponent(q)}`)).map((t) => t.id);
      expect(await ids('atletico')).toEqual(['530']);
      expect(await ids('MAN CITY')).toEqual(['50']);
      expect(await ids('mun')).toEqual(['33']);
      expect((await ids('manchester')).slice(0, 3).sort()).toEqual(['33', '50', '9033']);
      expect(await ids('rovers')).toEqual(['1001']);
      expect(await data<unknown[]>('/api/teams?q=man&limit=1')).toHaveLength(1);
    });

    it('lists every team without a query, each with its slug', async () => {
      const all = await data<{ id: string; slug: string }[]>('/api/teams');
      expect(all).toHaveLength(6);
      expect(all.find((t) => t.id === '530')?.slug).toBe('atletico-madrid');
    });

    it('refuses an empty or too long query and a bad limit', async () => {
      for (const bad of [
        'q=',
        'q=%20%20',
        `q=${'a'.repeat(65)}`,
        'limit=0',
        'limit=101',
        'q=a&q=b',
        'team=1',
      ])
        expect(await error(`/api/teams?${bad}`), bad).toMatchObject({
          status: 400,
          error: { code: 'request:invalid' },
        });
    });
  });

  describe('GET /api/teams/:id', () => {
    it('adds the squad, the form and the competitions to the team and its matches', async () => {
      const page = await data<TeamPage>('/api/teams/33');
      expect(page.team).toMatchObject({ id: '33', name: 'Manchester United', slug: 'manchester-united' });
      expect(page.matches.length).toBeGreaterThan(5);
      expect(page.squad.map((p) => [p.number, p.position])).toEqual([
        [1, 'G'],
        [4, 'D'],
        [9, 'F'],
      ]);
      expect(page.form.map((f) => [f.matchId, f.result])).toEqual([
        ['derby-2', 'L'],
        ['derby-3', 'D'],
        ['vs-atletico', 'W'],
        ['form-5', 'L'],
        ['done-today', 'W'],
      ]);
      expect(page.competitions.map((c) => [c.id, c.popularity])).toEqual([['39', 4]]);
    });

    it('gives an empty squad for a team without one, and 404 for an unknown team', async () => {
      expect((await data<TeamPage>('/api/teams/1001')).squad).toEqual([]);
      expect(await error('/api/teams/404404')).toMatchObject({
        status: 404,
        error: { code: 'team:not-found' },
      });
      expect(await error('/api/teams/bad%20id')).toMatchObject({
        status: 400,
        error: { code: 'request:invalid' },
      });
    });
  });

  describe('GET /api/head-to-head/by-slug/:slug', () => {
    it('finds both teams by slug, with the record, the past meetings newest first and the one to come', async () => {
      const h2h = await data<HeadToHead>('/api/head-to-head/by-slug/manchester-united-vs-manchester-city');
      expect(h2h.slug).toBe('manchester-united-vs-manchester-city');
      // The namesake from Jamaica never met City: the slug means the United that did.
      expect([h2h.teams.a.id, h2h.teams.b.id]).toEqual(['33', '50']);
      expect(h2h.teams.a.slug).toBe('manchester-united');
      expect(h2h.record).toEqual({ played: 3, winsA: 1, draws: 1, winsB: 1, goalsA: 3, goalsB: 5 });
      expect(h2h.past.map((e) => e.match.id)).toEqual(['derby-3', 'derby-2', 'derby-1']);
      expect(h2h.upcoming.map((e) => e.match.id)).toEqual(['derby-4']);

      const reversed = await data<HeadToHead>(
        '/api/head-to-head/by-slug/manchester-city-vs-manchester-united',
      );
      expect(reversed.record).toMatchObject({ winsA: 1, winsB: 1, goalsA: 5, goalsB: 3 });
      expect(
        (await data<HeadToHead>('/api/head-to-head/by-slug/manchester-city-vs-manchester-united?limit=1'))
          .past,
      ).toHaveLength(1);
    });

    it('says which side is unknown (404), and what a slug must look like (400)', async () => {
      const unknown = await error('/api/head-to-head/by-slug/manchester-united-vs-nowhere-town');
      expect(unknown).toMatchObject({ status: 404, error: { code: 'team:not-found' } });
      expect(unknown.error.message).toContain('"nowhere-town"');
      expect(unknown.error.message).not.toContain('manchester-united"');
      for (const bad of ['manchester-united', 'Manchester-United-vs-Manchester-City', 'a_b-vs-c', '-vs-x'])
        expect(await error(`/api/head-to-head/by-slug/${bad}`), bad).toMatchObject({
          status: 400,
          error: { code: 'request:invalid' },
        });
      expect(await error('/api/head-to-head/by-slug/ashworth-rovers-vs-ashworth-rovers')).toMatchObject({
        status: 400,
      });
      expect((await error(`/api/head-to-head/by-slug/${'a'.repeat(120)}-vs-${'b'.repeat(120)}`)).status).toBe(
        400,
      );
    });

    it('keeps /api/head-to-head/:teamA/:teamB as it was: finished meetings, newest first', async () => {
      const past = await data<{ match: Match }[]>('/api/head-to-head/33/50');
      expect(past.map((e) => e.match.id)).toEqual(['derby-3', 'derby-2', 'derby-1']);
      expect(await data<unknown[]>('/api/head-to-head/33/50?limit=2')).toHaveLength(2);
    });
  });

  describe('GET /api/sports', () => {
    it('lists every sport, football first, with its competitions and live matches', async () => {
      expect(await data<SportSummary[]>('/api/sports')).toEqual([
        { slug: 'football', name: 'Football', competitions: 2, live: 3 },
        { slug: 'basketball', name: 'Basketball', competitions: 2, live: 1 },
      ]);
    });

    it("gives a sport's competitions by popularity and its matches of the day", async () => {
      const page = await data<SportPage>(`/api/sports/basketball?date=${day}`);
      expect(page.sport).toMatchObject({ slug: 'basketball', live: 1 });
      expect(page.competitions.map((c) => c.id)).toEqual(['bb-951', 'bb-952']);
      expect(page.matches.map((e) => e.match.id)).toEqual(['bb-1', 'bb-2']);
      const football = await data<SportPage>(`/api/sports/football?date=${day}`);
      expect(football.matches.map((e) => e.match.id)).not.toContain('bb-1');
      expect(football.matches.map((e) => e.match.id)).toContain('late-draw');
    });

    it('narrows the match lists and the competitions to one sport when asked', async () => {
      const ids = async (path: string) => (await data<{ match: Match }[]>(path)).map((e) => e.match.id);
      expect(await ids('/api/matches/live?sport=basketball')).toEqual(['bb-1']);
      expect(await ids('/api/matches/live?sport=football')).not.toContain('bb-1');
      expect(await ids(`/api/matches?date=${day}&sport=basketball`)).toEqual(['bb-1', 'bb-2']);
      expect(await ids(`/api/matches/hot?date=${day}&sport=basketball`)).toEqual(['bb-1', 'bb-2']);
      expect((await data<{ id: string }[]>('/api/competitions?sport=basketball')).map((c) => c.id)).toEqual([
        'bb-951',
        'bb-952',
      ]);
      expect(await error('/api/matches/live?sport=curling')).toMatchObject({ status: 400 });
      expect(await error('/api/competitions?sport=')).toMatchObject({ status: 400 });
    });

    it('answers an unknown sport with 404 and a bad slug or query with 400', async () => {
      expect(await error('/api/sports/curling')).toMatchObject({
        status: 404,
        error: { code: 'sport:not-found' },
      });
      expect(await error('/api/sports/Curling!')).toMatchObject({
        status: 400,
        error: { code: 'request:invalid' },
      });
      expect(await error('/api/sports/football?date=tomorrow')).toMatchObject({ status: 400 });
    });
  });
});
