import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchOutcome, MatchDeltaSchema, outcomeLine, type MatchDelta } from '@pitchside/shared/domain';
import { FootballDataProvider } from '../src/providers/football-data/football-data-provider.ts';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import {
  startRecordedServer,
  type RecordedServer,
  type Reply,
} from '../src/providers/testing/recorded-server.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { fixtureReply, readFixtureJson } from './support/fixtures.ts';

const CL =
  'football-data/v4_competitions_CL_matches_season2022_qualifying_EXTRA_TIME-PENALTY_SHOOTOUT.recorded-http.json';
const AET = 'api-football/fixtures_id_built_AET_var-second-yellow-missed-penalty.json';
const PEN = 'api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json';
/** The days of the recording's matches: the preliminary round, the first legs, the second legs. */
const DAYS = ['2022-06-21', '2022-07-05', '2022-07-06', '2022-07-12', '2022-07-13'];

describe('ingest of real provider responses into Redis: ties, shoot-outs, corrected events', () => {
  let t: TestRedis;
  let store: MatchStore;
  let server: RecordedServer | undefined;

  beforeEach(async () => {
    t = await testRedis();
    store = new MatchStore(t.redis, t.keys);
  });
  afterEach(async () => {
    await server?.close();
    await t.cleanup();
  });

  const footballData = async () => {
    server = await startRecordedServer({ '/v4/matches': fixtureReply(CL) });
    return new FootballDataProvider({
      baseUrl: server.url,
      apiKey: 'k',
      timeoutMs: 2000,
      now: () => Date.parse('2022-09-12T22:46:37Z'),
    });
  };
  const ingestDays = async (p: FootballDataProvider, days: readonly string[]) => {
    for (const day of days) for (const update of await p.matchesOnDate(day)) await store.ingest(update);
  };
  const stored = async (id: string) => (await store.read(id))!.detail.match;

  it('each second leg of the Champions League qualifiers carries its aggregate, and the winner is told by it', async () => {
    await ingestDays(await footballData(), DAYS);
    const line = async (id: string) => outcomeLine(matchOutcome(await stored(id)));

    // HJK 1-0 RFS, then RFS 2-1 HJK after extra time: 2-2 on aggregate, HJK through 5-4 on penalties.
    expect((await stored('418518')).score.aggregate).toEqual({ home: 2, away: 2 });
    expect(await line('418518')).toEqual({
      key: 'penaltiesAggregate',
      winner: 'away',
      values: { won: 5, lost: 4, aggregateWon: 2, aggregateLost: 2 },
    });
    // Lech 1-0 Qarabağ, then Qarabağ 5-1 Lech: through 5-2 on aggregate.
    expect(await line('418515')).toEqual({
      key: 'aggregate',
      winner: 'home',
      values: { aggregateWon: 5, aggregateLost: 2 },
    });
    // Ballkani 1-1 Žalgiris, then Žalgiris 1-0 after extra time: 2-1 on aggregate after extra time.
    expect(await line('418516')).toEqual({
      key: 'aggregateExtraTime',
      winner: 'home',
      values: { aggregateWon: 2, aggregateLost: 1 },
    });
    // Slovan 0-0 Batumi, then Batumi 1-2 Slovan after extra time: Slovan, the away side, through 2-1.
    expect(await line('418506')).toEqual({
      key: 'aggregateExtraTime',
      winner: 'away',
      values: { aggregateWon: 2, aggregateLost: 1 },
    });
    // Pyunik 0-0 CFR Cluj, then Cluj 2-2 Pyunik: level on aggregate, Pyunik through 4-3 on penalties.
    expect(await line('418504')).toEqual({
      key: 'penaltiesAggregate',
      winner: 'away',
      values: { won: 4, lost: 3, aggregateWon: 2, aggregateLost: 2 },
    });
    // TNS 1-0 Linfield, then Linfield 2-0 after extra time (1-0 at 90): Linfield through 2-1.
    expect((await stored('418510')).score.aggregate).toEqual({ home: 2, away: 1 });

    // First legs and the one-match preliminary round carry none.
    for (const id of ['418524', '418528', '418530', '418519', '418533', '418529', '418479'])
      expect((await stored(id)).score.aggregate, id).toBeUndefined();
  });

  it('a second leg stored before its first gains the aggregate on its next poll, as one score change', async () => {
    const p = await footballData();
    await ingestDays(p, ['2022-07-12']);
    expect((await stored('418518')).score.aggregate).toBeUndefined();
    await ingestDays(p, ['2022-07-05', '2022-07-06']);

    const sub = t.connect();
    const deltas: MatchDelta[] = [];
    await sub.subscribe(t.keys.matchChannel('418518'));
    sub.on('message', (_c, m) => deltas.push(MatchDeltaSchema.parse(JSON.parse(m))));
    await ingestDays(p, ['2022-07-12']);
    await expect.poll(() => deltas.length).toBe(1);
    expect(deltas[0]!.changes).toEqual([
      { type: 'score', score: expect.objectContaining({ aggregate: { home: 2, away: 2 } }) },
    ]);
    // And the poll after that changes nothing.
    expect(
      await store.ingest((await p.matchesOnDate('2022-07-12')).find((u) => u.match.id === '418518')!),
    ).toEqual({
      outcome: 'unchanged',
      seq: 2,
    });
  });

  describe('API-Football events through the store', () => {
    const emptyParts = (get: string): Reply => ({
      body: JSON.stringify({
        get,
        parameters: {},
        errors: [],
        results: 0,
        paging: { current: 1, total: 1 },
        response: [],
      }),
    });
    const apiFootball = async (routes: Record<string, Reply>) => {
      server = await startRecordedServer({
        '/fixtures/lineups': emptyParts('fixtures/lineups'),
        '/fixtures/statistics': emptyParts('fixtures/statistics'),
        ...routes,
      });
      return new ApiFootballProvider({ baseUrl: server.url, apiKey: 'k', timeoutMs: 2000 });
    };

    it('stores the shoot-out after play in kick order; a reversed array polled again writes nothing', async () => {
      const body = JSON.stringify(readFixtureJson(PEN));
      const p = await apiFootball({ '/fixtures?id=1149519': { body } });
      await store.ingest((await p.matchDetail('1149519'))!);
      const events = (await store.read('1149519'))!.detail.events;
      expect(events.slice(-9).map((e) => [e.kick, e.kind])).toEqual([
        [1, 'shootout_scored'],
        [2, 'shootout_scored'],
        [3, 'shootout_missed'],
        [4, 'shootout_missed'],
        [5, 'shootout_missed'],
        [6, 'shootout_scored'],
        [7, 'shootout_scored'],
        [8, 'shootout_scored'],
        [9, 'shootout_missed'],
      ]);
      expect(events.slice(0, -9).every((e) => e.kick === undefined)).toBe(true);
      expect((await store.ingest((await p.matchDetail('1149519'))!)).outcome).toBe('unchanged');
    });

    it('a goal VAR cancels, which the provider then drops, is removed from the stored timeline, not kept or doubled', async () => {
      type Fixture = { events: Record<string, unknown>[]; goals: { home: number; away: number } };
      const after = readFixtureJson(AET) as { response: Fixture[] };
      const before = structuredClone(after);
      const fixture = before.response[0]!;
      // As first reported: Harbour's goal at 45+3 stands (1-2 at the break), before VAR takes it away.
      fixture.events.splice(3, 0, {
        time: { elapsed: 45, extra: 3 },
        team: { id: 990002, name: 'Harbour Athletic', logo: null },
        player: { id: 990203, name: 'M. Kovac' },
        assist: { id: null, name: null },
        type: 'Goal',
        detail: 'Normal Goal',
        comments: null,
      });
      fixture.events.splice(4, 1); // the review's own event comes later
      const p = await apiFootball({ '/fixtures?id=990301': { body: JSON.stringify(before) } });
      await store.ingest((await p.matchDetail('990301'))!);
      const goal = (await store.read('990301'))!.detail.events.find(
        (e) => e.kind === 'goal' && e.minute === 45,
      )!;
      expect(goal).toMatchObject({ id: '990301-goal-990002-45.3-1', player: { name: 'M. Kovac' } });

      await server!.close();
      const q = await apiFootball({ '/fixtures?id=990301': { body: JSON.stringify(after) } });
      const result = await store.ingest((await q.matchDetail('990301'))!);
      expect(result.outcome).toBe('written');
      const changes = result.outcome === 'written' ? result.delta.changes : [];
      expect(changes).toContainEqual({ type: 'event_removed', eventId: goal.id });
      expect(changes).toContainEqual({
        type: 'event_added',
        event: expect.objectContaining({ kind: 'var', decision: 'goal_cancelled', minute: 45, stoppage: 3 }),
      });
      const events = (await store.read('990301'))!.detail.events;
      expect(events.filter((e) => e.minute === 45 && e.stoppage === 3).map((e) => e.kind)).toEqual(['var']);
    });
  });
});
