import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MatchDeltaSchema, type MatchDelta } from '@pitchside/shared/domain';
import { buildEvent, liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

describe('MatchStore against real Redis', () => {
  let t: TestRedis;
  let store: MatchStore;

  beforeEach(async () => {
    t = await testRedis();
    store = new MatchStore(t.redis, t.keys);
  });
  afterEach(() => t.cleanup());

  it('writes a change atomically: sequence, snapshot, stream, indexes and a publication', async () => {
    const sub = t.connect();
    const received: MatchDelta[] = [];
    await sub.subscribe(t.keys.matchChannel('1001'));
    sub.on('message', (_c, m) => received.push(MatchDeltaSchema.parse(JSON.parse(m))));

    const result = await store.ingest({ match: liveMatch(1, 0, 10), events: [buildEvent()] });
    expect(result.outcome).toBe('written');

    const stored = await store.read('1001');
    expect(stored?.seq).toBe(1);
    expect(stored?.detail.events).toHaveLength(1);
    expect(await t.redis.xlen(t.keys.matchStream('1001'))).toBe(1);
    expect(await t.redis.sismember(t.keys.liveMatches(), '1001')).toBe(1);
    expect(await t.redis.zscore(t.keys.matchesByKickoff(), '1001')).toBe(
      String(Date.parse('2026-11-22T15:00:00Z')),
    );
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ matchId: '1001', seq: 1, epoch: stored?.epoch });
  });

  it('writes nothing when the same payload is ingested again', async () => {
    const update = { match: liveMatch(1, 0, 10), events: [buildEvent()] };
    await store.ingest(update);
    expect(await store.ingest(update)).toEqual({ outcome: 'unchanged', seq: 1 });
    expect(await t.redis.xlen(t.keys.matchStream('1001'))).toBe(1);
  });

  it('lets exactly one of several racing writers of the same change win, with no event twice', async () => {
    await store.ingest({ match: liveMatch(0, 0, 9), events: [] });
    const update = { match: liveMatch(1, 0, 10), events: [buildEvent()] };
    const stores = Array.from({ length: 5 }, () => new MatchStore(t.connect(), t.keys));
    const results = await Promise.all(stores.map((s) => s.ingest(update)));
    expect(results.filter((r) => r.outcome === 'written')).toHaveLength(1);
    const stored = await store.read('1001');
    expect(stored?.seq).toBe(2);
    const rows = await t.redis.xrange(t.keys.matchStream('1001'), '-', '+');
    const added = rows
      .flatMap(([, f]) => MatchDeltaSchema.parse(JSON.parse(f[1]!)).changes)
      .filter((c) => c.type === 'event_added');
    expect(added).toHaveLength(1);
  });

  it('numbers deltas 1, 2, 3 without holes and drops a finished match from the live set', async () => {
    await store.ingest({ match: liveMatch(0, 0, 88) });
    await store.ingest({ match: liveMatch(0, 0, 89) });
    await store.ingest({ match: liveMatch(0, 0, 90, { status: 'finished' }) });
    const seqs = (await t.redis.xrange(t.keys.matchStream('1001'), '-', '+')).map(([id]) => id);
    expect(seqs).toEqual(['1-1', '2-1', '3-1']);
    expect(await t.redis.sismember(t.keys.liveMatches(), '1001')).toBe(0);
  });

  it('refuses a provider read taken before the one that last wrote the match, whenever it arrives', async () => {
    await store.ingest({ match: liveMatch(1, 0, 30) });
    // Two reads go out: the details (first ticket) before the home side's second goal, the live list (second
    // ticket) after it. The list's answer is written first; the details' answer comes in late.
    const [details, list] = [await store.takeReadTicket(), await store.takeReadTicket()];
    expect(list).toBeGreaterThan(details);
    expect((await store.ingest({ match: liveMatch(2, 0, 34) }, Date.now(), list)).outcome).toBe('written');
    expect(await store.ingest({ match: liveMatch(1, 0, 33) }, Date.now(), details)).toEqual({
      outcome: 'stale',
      seq: 2,
    });
    const stored = await store.read('1001');
    expect(stored?.detail.match.score.current).toEqual({ home: 2, away: 0 });
    expect(stored?.tickets).toEqual({ match: list });
    expect(await t.redis.xlen(t.keys.matchStream('1001'))).toBe(2);

    // A later read writes again; reads without a ticket (tests, tools) are never refused.
    const next = await store.takeReadTicket();
    expect((await store.ingest({ match: liveMatch(2, 1, 40) }, Date.now(), next)).outcome).toBe('written');
    expect((await store.ingest({ match: liveMatch(2, 1, 41) })).outcome).toBe('written');
    expect((await store.read('1001'))?.tickets).toEqual({ match: next });

    // A Redis that kept the match but lost the counter: its first new read is not refused for ever after.
    await t.redis.del(t.keys.ingestReadTicket());
    const fresh = await store.takeReadTicket();
    expect(fresh).toBeLessThan(next);
    expect((await store.ingest({ match: liveMatch(3, 1, 50) }, Date.now(), fresh)).outcome).toBe('written');
    expect(await store.takeReadTicket()).toBeGreaterThan(next);
  });

  it('writes the newer parts of an older read: a late details answer brings its events, not its older score', async () => {
    await store.ingest({ match: liveMatch(0, 0, 20) });
    // The details read (events, first ticket) goes out after the 10' goal; the live list (header only, second
    // ticket) after the 30' one. The list is written first, then the details come in.
    const [details, list] = [await store.takeReadTicket(), await store.takeReadTicket()];
    const first = buildEvent({ id: 'goal-10', minute: 10 });
    expect((await store.ingest({ match: liveMatch(2, 0, 31) }, Date.now(), list)).outcome).toBe('written');
    const late = await store.ingest({ match: liveMatch(1, 0, 29), events: [first] }, Date.now(), details);
    expect(late.outcome).toBe('written');
    if (late.outcome === 'written') expect(late.delta.changes.map((c) => c.type)).toEqual(['event_added']);
    const stored = (await store.read('1001'))!;
    expect(stored.detail.match.score.current).toEqual({ home: 2, away: 0 });
    expect(stored.detail.match.clock).toEqual(liveMatch(2, 0, 31).clock);
    expect(stored.detail.events.map((e) => e.id)).toEqual(['goal-10']);
    expect(stored.tickets).toEqual({ match: list, events: details });

    // A newer details read wrote both goals: an older one that comes in after it writes nothing at all.
    const [older, newer] = [await store.takeReadTicket(), await store.takeReadTicket()];
    const second = buildEvent({ id: 'goal-30', minute: 30 });
    await store.ingest({ match: liveMatch(2, 0, 33), events: [first, second] }, Date.now(), newer);
    expect(await store.ingest({ match: liveMatch(1, 0, 32), events: [first] }, Date.now(), older)).toEqual({
      outcome: 'stale',
      seq: stored.seq + 1,
    });
    expect((await store.read('1001'))!.detail.events.map((e) => e.id)).toEqual(['goal-10', 'goal-30']);
  });

  it('starts a new epoch from 1 when Redis lost the match (a flush)', async () => {
    await store.ingest({ match: liveMatch(0, 0, 10) });
    await store.ingest({ match: liveMatch(0, 0, 11) });
    const before = await store.read('1001');
    await t.flush();
    await store.ingest({ match: liveMatch(0, 0, 12) });
    const after = await store.read('1001');
    expect(after?.seq).toBe(1);
    expect(after?.epoch).not.toBe(before?.epoch);
  });
});
