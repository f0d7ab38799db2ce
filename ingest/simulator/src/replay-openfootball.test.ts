import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ApiFixture } from './api-football-format.ts';
import { finalWhistleMs } from './match-state.ts';
import { parseOpenfootballTournament } from './openfootball-file.ts';
import { buildReplayMatchDay } from './replay-openfootball.ts';
import { createSimulator, type Simulator } from './simulator.ts';
import { HAS_SHARED_DATA, SKIP_REASON, goalsFromEvents, readSample } from './test-helpers.ts';

const START_AT = new Date('2026-06-11T18:00:00Z');
const MINUTE = 60_000;

/** ingest's provider fixtures (ingest/test/fixtures/openfootball, sources in its SOURCES.md). */
const FIXTURES = new URL('../../test/fixtures/openfootball/', import.meta.url).pathname;
const readFixture = (name: string): unknown => JSON.parse(readFileSync(`${FIXTURES}${name}`, 'utf8'));

type Pair = [number, number];
type RawMatch = {
  date: string;
  team1: string | { name: string };
  team2: string | { name: string };
  score?: { ft?: Pair; et?: Pair; p?: Pair };
  score1?: number | null;
  score2?: number | null;
  score1et?: number | null;
  score2et?: number | null;
  score1p?: number | null;
  score2p?: number | null;
};
const name = (team: RawMatch['team1']) => (typeof team === 'string' ? team : team.name);
const rawMatches = (json: unknown): RawMatch[] => {
  const doc = json as { matches?: RawMatch[]; rounds?: { matches: RawMatch[] }[] };
  return doc.matches ?? doc.rounds!.flatMap((r) => r.matches);
};
/** The result a file states for a match (after 120 when it has that score), in either layout. */
const stated = (m: RawMatch): { final: Pair | null; p: Pair | null } => {
  const pair = (a?: number | null, b?: number | null): Pair | null =>
    a === null || a === undefined || b === null || b === undefined ? null : [a, b];
  return {
    final: m.score?.et ?? m.score?.ft ?? pair(m.score1et, m.score2et) ?? pair(m.score1, m.score2),
    p: m.score?.p ?? pair(m.score1p, m.score2p),
  };
};

/** A replay behind the simulated API, its warnings collected. */
async function replay(json: unknown): Promise<{
  sim: Simulator;
  url: string;
  warnings: { match?: string; at?: string; problem?: string; msg: string }[];
  fixtures(league: number, season: number): Promise<ApiFixture[]>;
  fixture(id: number): Promise<ApiFixture>;
  toTheEnd(): void;
  close(): Promise<void>;
}> {
  const warnings: { match?: string; at?: string; problem?: string; msg: string }[] = [];
  const logs = new Writable({
    write(line: Buffer, _encoding, done) {
      const entry = JSON.parse(line.toString()) as { level: number; msg: string };
      if (entry.level >= 40) warnings.push(entry);
      done();
    },
  });
  const sim = createSimulator({ seed: 7, startAt: START_AT, timeScale: 0, replay: json, logger: pino(logs) });
  const { url } = await sim.listen(0);
  const get = async (path: string) =>
    ((await (await fetch(`${url}${path}`)).json()) as { response: ApiFixture[] }).response;
  return {
    sim,
    url,
    warnings,
    fixtures: (league, season) => get(`/fixtures?league=${league}&season=${season}`),
    fixture: async (id) => (await get(`/fixtures?id=${id}`))[0]!,
    toTheEnd() {
      const ends = sim.schedule.fixtures.map((f) => finalWhistleMs(f) ?? f.kickoffMs);
      sim.clock.advance(Math.max(...ends) + MINUTE - sim.clock.nowMs());
    },
    close: () => sim.close(),
  };
}

interface FileCase {
  title: string;
  json: () => unknown;
  league: number;
  season: number;
  matches: number;
  final: { teams: [string, string]; status: string; goals: Pair; penalty: Pair | null } | null;
}

const FILES: FileCase[] = [
  {
    title: 'World Cup 2014 (flat layout, times with their zone)',
    json: () => readFixture('worldcup.json_2014.json'),
    league: 1,
    season: 2014,
    matches: 64,
    final: { teams: ['Germany', 'Argentina'], status: 'AET', goals: [1, 0], penalty: null },
  },
  {
    title: 'World Cup 2018 (rounds layout, score1/score2, separate timezone)',
    json: () => readFixture('worldcup.json_2018_rounds-layout_trimmed.json'),
    league: 1,
    season: 2018,
    matches: 20,
    final: { teams: ['France', 'Croatia'], status: 'FT', goals: [4, 2], penalty: null },
  },
  {
    title: 'Euro 2020 (rounds layout, score1/score2, no zone)',
    json: () => readFixture('euro.json_2020_trimmed.json'),
    league: 990,
    season: 2021,
    matches: 17,
    final: { teams: ['Italy', 'England'], status: 'PEN', goals: [1, 1], penalty: [3, 2] },
  },
  {
    title: 'Euro 2024 (rounds layout, score object, no zone)',
    json: () => readFixture('euro.json_2024_trimmed.json'),
    league: 990,
    season: 2024,
    matches: 19,
    final: { teams: ['Spain', 'England'], status: 'FT', goals: [2, 1], penalty: null },
  },
  {
    title: 'World Cup 2026 (not played: placeholder teams, no scores)',
    json: () => readFixture('worldcup.json_2026_schedule.json'),
    league: 1,
    season: 2026,
    matches: 104,
    final: { teams: ['W101', 'W102'], status: 'NS', goals: [0, 0], penalty: null },
  },
  ...(HAS_SHARED_DATA
    ? [
        {
          title: 'World Cup 2022 (flat layout, zone-less local times)',
          json: () => readSample('openfootball/worldcup_2022.json'),
          league: 1,
          season: 2022,
          matches: 64,
          final: {
            teams: ['Argentina', 'France'] as [string, string],
            status: 'PEN',
            goals: [3, 3] as Pair,
            penalty: [4, 2] as Pair,
          },
        },
      ]
    : []),
];

describe('replaying every openfootball tournament format in use', () => {
  for (const file of FILES) {
    it(`${file.title}: every match at its instant, every result as the file states it`, async () => {
      const json = file.json();
      const r = await replay(json);
      try {
        const tournament = parseOpenfootballTournament(json);
        // The file's matches in the order of their real kick-off instants (the file's order breaks ties).
        const byInstant = tournament.matches
          .map((m, i) => ({ m, i }))
          .sort((a, b) => a.m.kickoffMs - b.m.kickoffMs || a.i - b.i);
        const listed = await r.fixtures(file.league, file.season);
        expect(listed).toHaveLength(file.matches);
        expect(listed.map((f) => [f.teams.home.name, f.teams.away.name])).toEqual(
          byInstant.map(({ m }) => [m.team1, m.team2]),
        );
        // Kick-offs 45 simulated minutes apart per distinct real instant; matches that kicked off together
        // still do.
        const instants = [...new Set(byInstant.map(({ m }) => m.kickoffMs))];
        expect(listed.map((f) => Date.parse(f.fixture.date))).toEqual(
          byInstant.map(
            ({ m }) => START_AT.getTime() + 5 * MINUTE + instants.indexOf(m.kickoffMs) * 45 * MINUTE,
          ),
        );

        r.toTheEnd();
        const done = await r.fixtures(file.league, file.season);
        const raw = rawMatches(json);
        done.forEach((fixture, k) => {
          // The API lists them in the order checked above: the k-th is the file's match byInstant[k].
          const source = raw[byInstant[k]!.i]!;
          const label = `${name(source.team1)} v ${name(source.team2)}`;
          expect([fixture.teams.home.name, fixture.teams.away.name], label).toEqual([
            name(source.team1),
            name(source.team2),
          ]);
          const { final, p } = stated(source);
          if (final === null) return;
          expect([fixture.goals.home, fixture.goals.away], label).toEqual(final);
          expect(['FT', 'AET', 'PEN'], label).toContain(fixture.fixture.status.short);
          if (p) expect([fixture.score.penalty.home, fixture.score.penalty.away], label).toEqual(p);
        });

        if (file.final) {
          const final = done.find(
            (f) => f.teams.home.name === file.final!.teams[0] && f.teams.away.name === file.final!.teams[1],
          )!;
          const full = await r.fixture(final.fixture.id);
          expect(full.league.round).toBe('Final');
          expect(full.fixture.status.short).toBe(file.final.status);
          if (file.final.status === 'NS') {
            expect(full.goals).toEqual({ home: null, away: null });
          } else {
            expect([full.goals.home, full.goals.away]).toEqual(file.final.goals);
            expect(goalsFromEvents(full.events as never, full.teams.home.id, full.teams.away.id)).toEqual(
              full.goals,
            );
            expect(full.score.penalty).toEqual(
              file.final.penalty
                ? { home: file.final.penalty[0], away: file.final.penalty[1] }
                : { home: null, away: null },
            );
          }
        }
      } finally {
        await r.close();
      }
    });
  }
});

describe('real files as they are: quirks replayed as truthfully as they allow, each logged', () => {
  type E = {
    time: { elapsed: number; extra: number | null };
    team: { name: string };
    player: { name: string };
    type: string;
    detail: string;
    comments: string | null;
  };
  const goalsOf = (f: ApiFixture) =>
    (f.events as E[])
      .filter((e) => e.type === 'Goal' && e.comments !== 'Penalty Shootout')
      .map((e) => [e.time.elapsed, e.time.extra, e.team.name, e.detail]);
  const find = (list: ApiFixture[], home: string, away: string) =>
    list.find((f) => f.teams.home.name === home && f.teams.away.name === away)!;

  it('Euro 2024: Portugal 0-0 France, 3-5 on penalties; Spain 2-1 Germany after extra time', async () => {
    const r = await replay(readFixture('euro.json_2024_trimmed.json'));
    try {
      r.toTheEnd();
      const list = await r.fixtures(990, 2024);
      const shootout = await r.fixture(find(list, 'Portugal', 'France').fixture.id);
      expect(shootout.fixture.status.short).toBe('PEN');
      expect(shootout.score.penalty).toEqual({ home: 3, away: 5 });
      expect(shootout.teams.away.winner).toBe(true);
      const kicks = (shootout.events as E[]).filter((e) => e.comments === 'Penalty Shootout');
      expect(
        kicks
          .filter((k) => k.detail === 'Penalty')
          .map((k) => k.team.name)
          .sort(),
      ).toEqual([...Array<string>(5).fill('France'), ...Array<string>(3).fill('Portugal')]);

      // The file says only "ft": [2, 1], with Merino's winner at 119: 1-1 after 90, extra time.
      const quarter = await r.fixture(find(list, 'Spain', 'Germany').fixture.id);
      expect(quarter.fixture.status.short).toBe('AET');
      expect(quarter.score).toMatchObject({
        fulltime: { home: 1, away: 1 },
        extratime: { home: 1, away: 0 },
      });
      expect(goalsOf(quarter)).toEqual([
        [51, null, 'Spain', 'Normal Goal'],
        [89, null, 'Germany', 'Normal Goal'],
        [119, null, 'Spain', 'Normal Goal'],
      ]);
      // England 2-1 Slovakia has the same shape: "ft" after 120, Kane's winner at 91.
      expect(r.warnings).toEqual([
        expect.objectContaining({
          match: 'England v Slovakia',
          at: 'rounds[1].matches[2]',
          problem: expect.stringMatching(/after 90 minutes says 2-1, its goals 1-1/),
        }),
        expect.objectContaining({
          match: 'Spain v Germany',
          at: 'rounds[2].matches[0]',
          problem: expect.stringMatching(/after 90 minutes says 2-1, its goals 1-1/),
        }),
      ]);
    } finally {
      await r.close();
    }
  });

  it('Euro 2020: Italy v Austria, England v Denmark, Ukraine v England', async () => {
    const r = await replay(readFixture('euro.json_2020_trimmed.json'));
    try {
      r.toTheEnd();
      const list = await r.fixtures(990, 2021);
      // "score1": 1, "score2": 1, but all three goals came in extra time.
      const italy = await r.fixture(find(list, 'Italy', 'Austria').fixture.id);
      expect(italy.fixture.status.short).toBe('AET');
      expect(italy.score).toMatchObject({ fulltime: { home: 0, away: 0 }, extratime: { home: 2, away: 1 } });
      // No score fields at all: the goals say 1-1 after 90, 2-1 after extra time.
      const semi = await r.fixture(find(list, 'England', 'Denmark').fixture.id);
      expect(semi.fixture.status.short).toBe('AET');
      expect(semi.goals).toEqual({ home: 2, away: 1 });
      expect(semi.score).toMatchObject({ fulltime: { home: 1, away: 1 }, extratime: { home: 1, away: 0 } });
      // England's four goals are listed under Ukraine: they count for England.
      const ukraine = await r.fixture(find(list, 'Ukraine', 'England').fixture.id);
      expect(ukraine.goals).toEqual({ home: 0, away: 4 });
      expect(new Set(goalsOf(ukraine).map((g) => g[2]))).toEqual(new Set(['England']));

      const problems = r.warnings.map((w) => [w.match, w.problem]);
      expect(problems).toEqual(
        expect.arrayContaining([
          ['Italy v Austria', expect.stringMatching(/after 90 minutes says 1-1, its goals 0-0/)],
          ['England v Denmark', expect.stringMatching(/no score/)],
          ['Ukraine v England', expect.stringMatching(/wrong sides/)],
        ]),
      );
    } finally {
      await r.close();
    }
  });

  it('World Cup 2018: own goals for the side they counted for, a shoot-out after 2-2 in extra time', async () => {
    const r = await replay(readFixture('worldcup.json_2018_rounds-layout_trimmed.json'));
    try {
      r.toTheEnd();
      const list = await r.fixtures(1, 2018);
      const final = await r.fixture(find(list, 'France', 'Croatia').fixture.id);
      const ownGoal = (final.events as E[]).find((e) => e.detail === 'Own Goal')!;
      // Mandžukić, listed under France: a Croatian, scoring for France.
      expect(ownGoal).toMatchObject({ time: { elapsed: 18 }, team: { name: 'Croatia' } });
      const quarter = await r.fixture(find(list, 'Russia', 'Croatia').fixture.id);
      expect(quarter.fixture.status.short).toBe('PEN');
      expect(quarter.goals).toEqual({ home: 2, away: 2 });
      expect(quarter.score.penalty).toEqual({ home: 3, away: 4 });
      expect(r.warnings).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('World Cup 2014: Djabou at 121 is 120+1; the 16:00 UTC-4 and 17:00 UTC-3 matches kick off together', () => {
    const day = buildReplayMatchDay(parseOpenfootballTournament(readFixture('worldcup.json_2014.json')), {
      seed: 7,
      startAt: START_AT,
    });
    const match = (home: string, away: string) =>
      day.fixtures.find((f) => f.home.name === home && f.away.name === away)!;
    expect(match('Japan', 'Colombia').kickoffMs).toBe(match('Greece', "Côte d'Ivoire").kickoffMs);
    const algeria = match('Germany', 'Algeria');
    expect(algeria.script.final?.status).toBe('AET');
    expect(algeria.script.events.filter((e) => e.scoresFor === 'away').map((e) => e.time)).toEqual([
      { elapsed: 120, extra: 1 },
    ]);
  });

  it('World Cup 2026: the schedule is listed, placeholder teams and all, and nothing kicks off', async () => {
    const r = await replay(readFixture('worldcup.json_2026_schedule.json'));
    try {
      r.toTheEnd();
      const list = await r.fixtures(1, 2026);
      expect(list.every((f) => f.fixture.status.short === 'NS' && f.goals.home === null)).toBe(true);
      expect(list.map((f) => f.teams.home.name)).toEqual(expect.arrayContaining(['Mexico', '2A', 'W73']));
      expect(r.warnings).toEqual([]);
    } finally {
      await r.close();
    }
  });
});

describe.skipIf(!HAS_SHARED_DATA)(`World Cup 2022 replay ${HAS_SHARED_DATA ? '' : SKIP_REASON}`, () => {
  const worldCup = () => readSample('openfootball/worldcup_2022.json');

  it('plays the final through the API as it was: 3-3, 4-2 on penalties, goals at their real minutes', async () => {
    const sim = createSimulator({ seed: 7, startAt: START_AT, timeScale: 0, replay: worldCup() });
    const { url } = await sim.listen(0);
    try {
      const final = sim.schedule.fixtures.find((f) => f.round === 'Final')!;
      expect([final.home.name, final.away.name]).toEqual(['Argentina', 'France']);
      sim.clock.advance(finalWhistleMs(final)! - sim.clock.nowMs());

      const body = (await (await fetch(`${url}/fixtures?id=${final.id}`)).json()) as {
        response: ApiFixture[];
      };
      const fixture = body.response[0]!;
      expect(fixture.fixture.status).toEqual({
        long: 'Match Finished',
        short: 'PEN',
        elapsed: 120,
        extra: null,
      });
      expect(fixture.league).toMatchObject({ id: 1, name: 'World Cup', season: 2022, round: 'Final' });
      expect(fixture.goals).toEqual({ home: 3, away: 3 });
      expect(fixture.score).toEqual({
        halftime: { home: 2, away: 0 },
        fulltime: { home: 2, away: 2 },
        // API-Football's extratime is the goals of extra time only.
        extratime: { home: 1, away: 1 },
        penalty: { home: 4, away: 2 },
      });
      expect(fixture.teams.home.winner).toBe(true);
      expect(fixture.teams.away.winner).toBe(false);

      type E = {
        time: { elapsed: number; extra: number | null };
        team: { id: number; name: string };
        player: { name: string };
        type: string;
        detail: string;
        comments: string | null;
      };
      const events = fixture.events as E[];
      const goals = events.filter((e) => e.type === 'Goal' && e.comments !== 'Penalty Shootout');
      expect(goals.map((e) => [e.time.elapsed, e.team.name, e.player.name, e.detail])).toEqual([
        [23, 'Argentina', 'L. Messi', 'Penalty'],
        [36, 'Argentina', 'Á. Di María', 'Normal Goal'],
        [80, 'France', 'K. Mbappé', 'Penalty'],
        [81, 'France', 'K. Mbappé', 'Normal Goal'],
        [108, 'Argentina', 'L. Messi', 'Normal Goal'],
        [118, 'France', 'K. Mbappé', 'Penalty'],
      ]);
      expect(goalsFromEvents(events, fixture.teams.home.id, fixture.teams.away.id)).toEqual(fixture.goals);
      const kicks = events.filter((e) => e.comments === 'Penalty Shootout');
      expect(kicks.filter((k) => k.team.name === 'Argentina' && k.detail === 'Penalty')).toHaveLength(4);
      expect(kicks.filter((k) => k.team.name === 'France' && k.detail === 'Penalty')).toHaveLength(2);
    } finally {
      await sim.close();
    }
  });

  it('keeps stoppage time and own goals as the source has them', () => {
    const day = buildReplayMatchDay(parseOpenfootballTournament(worldCup()), { seed: 7, startAt: START_AT });
    const at = (f: (typeof day.fixtures)[number]) => f.kickoffMs + f.script.final!.atMs;
    // Senegal 0-2 Netherlands: Klaassen at 90+9.
    const senegal = day.fixtures.find((f) => f.home.name === 'Senegal' && f.away.name === 'Netherlands')!;
    expect(senegal.script.events.filter((e) => e.scoresFor === 'away').map((e) => e.time)).toEqual([
      { elapsed: 84, extra: null },
      { elapsed: 90, extra: 9 },
    ]);
    // Argentina 2-1 Australia: Enzo Fernández's own goal, filed under Argentina, counts for Australia.
    const australia = day.fixtures.find((f) => f.home.name === 'Argentina' && f.away.name === 'Australia')!;
    const ownGoal = australia.script.events.find((e) => e.detail === 'Own Goal')!;
    expect(ownGoal).toMatchObject({ side: 'home', scoresFor: 'away', time: { elapsed: 77, extra: null } });
    expect(ownGoal.player.name).toBe('E. Fernández');
    expect(at(australia)).toBeGreaterThan(australia.kickoffMs);
  });

  it('compresses the tournament: the first match kicks off just after startAt, several play at once', () => {
    const day = buildReplayMatchDay(parseOpenfootballTournament(worldCup()), { seed: 7, startAt: START_AT });
    expect(day.fixtures).toHaveLength(64);
    expect(day.fixtures[0]!.kickoffMs - START_AT.getTime()).toBe(5 * 60_000);
    const final = day.fixtures.at(-1)!;
    expect(final.round).toBe('Final');
    // The whole tournament in under two simulated days (under an hour of real time at the default scale).
    expect(finalWhistleMs(final)! - START_AT.getTime()).toBeLessThan(2 * 24 * 3_600_000);
    const concurrent = (t: number) =>
      day.fixtures.filter((f) => f.kickoffMs <= t && finalWhistleMs(f)! > t).length;
    expect(concurrent(day.fixtures[20]!.kickoffMs + 30 * 60_000)).toBeGreaterThanOrEqual(2);
    // Group games keep API-Football's round names.
    expect(new Set(day.fixtures.map((f) => f.round))).toEqual(
      new Set([
        'Group Stage - 1',
        'Group Stage - 2',
        'Group Stage - 3',
        'Round of 16',
        'Quarter-finals',
        'Semi-finals',
        '3rd Place Final',
        'Final',
      ]),
    );
  });

  it('serves group tables computed from the replayed results', async () => {
    const sim = createSimulator({ seed: 7, startAt: START_AT, timeScale: 0, replay: worldCup() });
    const { url } = await sim.listen(0);
    try {
      sim.clock.advance(3 * 24 * 3_600_000);
      const body = (await (await fetch(`${url}/standings?league=1&season=2022`)).json()) as {
        response: {
          league: {
            standings: { group: string; points: number; team: { name: string }; all: { played: number } }[][];
          };
        }[];
      };
      const groups = body.response[0]!.league.standings;
      expect(groups).toHaveLength(8);
      const groupC = groups.find((g) => g[0]!.group === 'Group C')!;
      expect(groupC.map((r) => [r.team.name, r.points])).toEqual([
        ['Argentina', 6],
        ['Poland', 4],
        ['Mexico', 4],
        ['Saudi Arabia', 3],
      ]);
      expect(groups.flat().every((r) => r.all.played === 3)).toBe(true);
    } finally {
      await sim.close();
    }
  });
});

describe('a replay file that cannot be read', () => {
  it('is refused by the simulator with the field named', () => {
    expect(() =>
      createSimulator({
        replay: {
          name: 'Cup 2020',
          rounds: [
            { name: 'Final', matches: [{ date: '2020-07-01', team1: 'A', team2: 'B', score: { ft: 'x' } }] },
          ],
        },
      }),
    ).toThrow('rounds[0].matches[0].score.ft: expected two numbers, got "x"');
  });
});
