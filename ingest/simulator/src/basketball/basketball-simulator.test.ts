import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../simulator.ts';
import { decodePng } from '../test-helpers.ts';
import type { formatGame } from './api-basketball-format.ts';
import { BasketballSchedule } from './basketball-schedule.ts';
import { gameStateAt } from './game-state.ts';

type ApiGame = ReturnType<typeof formatGame>;
interface Envelope<T> {
  get: string;
  errors: Record<string, string> | [];
  results: number;
  response: T;
}

const START_AT = new Date('2026-03-14T15:07:23Z');
const SEED = 4242;
const MINUTE = 60_000;
const IN_PLAY = new Set(['Q1', 'Q2', 'Q3', 'Q4', 'OT', 'BT', 'HT']);

describe('simulated basketball (API-Basketball format)', () => {
  let sim: Simulator;
  let url: string;
  const get = async <T>(path: string, init?: RequestInit) => {
    const res = await fetch(`${url}/basketball${path}`, init);
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
  const today = () => new Date(sim.clock.nowMs()).toISOString().slice(0, 10);

  beforeAll(async () => {
    sim = createSimulator({ seed: SEED, startAt: START_AT, timeScale: 0 });
    url = (await sim.listen(0)).url;
  });
  afterAll(() => sim.close());

  it('shows a newcomer games finished, in play and about to tip off, in both leagues', async () => {
    const { body } = await get<ApiGame[]>(`/games?date=${today()}`);
    expect(body.errors).toEqual([]);
    const statuses = body.response.map((g) => g.status.short);
    expect(statuses.filter((s) => s === 'FT' || s === 'AOT').length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => IN_PLAY.has(s)).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 'NS').length).toBeGreaterThanOrEqual(2);
    const live = body.response.filter((g) => IN_PLAY.has(g.status.short));
    expect(new Set(live.map((g) => g.league.id))).toEqual(new Set([951, 952]));
    const first = live[0]!;
    expect(Object.keys(first)).toEqual([
      'id',
      'date',
      'time',
      'timestamp',
      'timezone',
      'stage',
      'week',
      'venue',
      'status',
      'league',
      'country',
      'teams',
      'scores',
    ]);
    expect(first.league.season).toMatch(/^\d{4}-\d{4}$/);
  });

  it('moves the score quarter by quarter until a final buzzer with a winner', async () => {
    const { body } = await get<ApiGame[]>(`/games?date=${today()}`);
    const game = body.response.find((g) => g.status.short === 'Q1' || g.status.short === 'Q2')!;
    let previous = game;
    const seen = new Set<string>([game.status.short]);
    for (let i = 0; i < 80; i++) {
      sim.clock.advance(3 * MINUTE);
      const { body: now } = await get<ApiGame[]>(`/games?id=${game.id}`);
      const current = now.response[0]!;
      seen.add(current.status.short);
      for (const side of ['home', 'away'] as const) {
        const s = current.scores[side];
        expect(s.total!).toBeGreaterThanOrEqual(previous.scores[side].total!);
        const quarters = [s.quarter_1, s.quarter_2, s.quarter_3, s.quarter_4, s.over_time];
        expect(quarters.reduce<number>((sum, q) => sum + (q ?? 0), 0)).toBe(s.total);
      }
      if (IN_PLAY.has(current.status.short) && current.status.short.startsWith('Q'))
        expect(Number(current.status.timer)).toBeGreaterThanOrEqual(1);
      previous = current;
      if (current.status.short === 'FT' || current.status.short === 'AOT') break;
    }
    expect(['FT', 'AOT']).toContain(previous.status.short);
    expect(previous.status.timer).toBeNull();
    expect(previous.scores.home.total).not.toBe(previous.scores.away.total);
    expect([...seen]).toEqual(expect.arrayContaining(['Q3', 'Q4', 'HT']));
  });

  it('lists leagues and teams, and refuses what API-Basketball refuses', async () => {
    const leagues = await get<{ id: number; seasons: { season: string }[] }[]>('/leagues');
    expect(leagues.body.response.map((l) => l.id)).toEqual([951, 952]);
    const season = leagues.body.response[0]!.seasons[0]!.season;
    const teams = await get<{ id: number; nationnal: boolean }[]>(`/teams?league=951&season=${season}`);
    expect(teams.body.response).toHaveLength(12);
    expect(await get('/games')).toMatchObject({ body: { errors: { required: expect.any(String) } } });
    expect(await get('/games?date=2026-13-45')).toMatchObject({
      body: { errors: { date: expect.any(String) } },
    });
    expect((await get('/nothing')).status).toBe(404);
  });

  it('links its logos as PNG, served under /basketball, and still serves the SVG ones', async () => {
    const { body } = await get<ApiGame[]>(`/games?date=${today()}`);
    const logos = new Set(
      body.response.flatMap((g) => [g.teams.home.logo, g.teams.away.logo, g.league.logo]),
    );
    for (const logo of logos) {
      expect(logo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/basketball\/logos\/(teams|leagues)\/\d+\.png$/);
      const res = await fetch(logo);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(decodePng(Buffer.from(await res.arrayBuffer())).width).toBe(120);
    }
    const team = sim.basketball.teams[0]!;
    const badge = await fetch(`${url}/basketball/logos/teams/${team.id}.png`);
    const rgb = [0, 2, 4].map((i) => parseInt(team.colors.primary.slice(i, i + 2), 16));
    expect(decodePng(Buffer.from(await badge.arrayBuffer())).pixel(30, 40)).toEqual([...rgb, 255]);
    const svg = await fetch(`${url}/basketball/logos/teams/${team.id}.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${url}/basketball/logos/leagues/999.png`)).status).toBe(404);
  });
});

describe('basketball schedule', () => {
  const schedule = new BasketballSchedule(SEED, START_AT);

  it('plays every team once a day, and the same day twice is the same day', () => {
    for (const day of [-3, 0, 1, 5]) {
      const games = schedule.gamesOfDay(day);
      const teams = games.flatMap((g) => [g.home.id, g.away.id]);
      expect(new Set(teams).size).toBe(teams.length);
      expect(teams).toHaveLength(schedule.teams.length);
      for (const g of games) expect(schedule.dayAt(g.tipoffMs)).toBe(day);
    }
    const again = new BasketballSchedule(SEED, START_AT);
    const state = (s: BasketballSchedule) =>
      s.gamesOfDay(2).map((g) => [g.id, gameStateAt(g, g.tipoffMs + 4 * 3_600_000)]);
    expect(state(again)).toEqual(state(schedule));
  });

  it('finds a game by id, and nothing before the season', () => {
    const game = schedule.gamesOfDay(4)[3]!;
    expect(schedule.game(game.id)).toBe(game);
    expect(schedule.gamesOfDay(-400)).toEqual([]);
    expect(schedule.game(123)).toBeUndefined();
  });
});
