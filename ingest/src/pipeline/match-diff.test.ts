import { describe, expect, it } from 'vitest';
import { applyDelta, MatchDetailSchema } from '@pitchside/shared/domain';
import { buildDetail, buildEvent, buildMatch, liveMatch } from '@pitchside/shared/testing';
import { diffMatch } from './match-diff.ts';

describe('diffMatch', () => {
  it('announces a new match with its header, events, lineups and statistics', () => {
    const goal = buildEvent();
    const { changes } = diffMatch(null, { match: liveMatch(1, 0, 12), events: [goal] });
    expect(changes.map((c) => c.type)).toEqual(['info', 'event_added']);
  });

  it('finds nothing when the same payload comes twice', () => {
    const update = { match: liveMatch(1, 0, 12), events: [buildEvent()] };
    const first = diffMatch(null, update);
    expect(diffMatch(first.next, update).changes).toEqual([]);
  });

  it('reports a goal as a score change plus the goal event, and a ticking clock as a clock change', () => {
    const before = buildDetail({ match: liveMatch(0, 0, 9) });
    const goal = buildEvent({ minute: 10 });
    const { changes } = diffMatch(before, { match: liveMatch(1, 0, 10), events: [goal] });
    expect(changes).toEqual([
      { type: 'score', score: liveMatch(1, 0, 10).score },
      { type: 'clock', clock: { elapsed: 10, stoppage: null } },
      { type: 'event_added', event: goal },
    ]);
  });

  it('reports a status change with the clock, not as a separate clock change', () => {
    const before = buildDetail({ match: liveMatch(0, 0, 45) });
    const { changes } = diffMatch(before, { match: liveMatch(0, 0, 45, { status: 'half_time' }) });
    expect(changes).toEqual([
      { type: 'status', status: 'half_time', clock: { elapsed: 45, stoppage: null } },
    ]);
  });

  it('turns a VAR-cancelled goal into a removal and the VAR decision into an addition', () => {
    const goal = buildEvent({ id: 'g1' });
    const before = buildDetail({ match: liveMatch(1, 0, 30), events: [goal] });
    const varEvent = buildEvent({ id: 'v1', kind: 'var', minute: 31, detail: 'Goal cancelled' });
    const { changes } = diffMatch(before, { match: liveMatch(0, 0, 31), events: [varEvent] });
    expect(changes).toContainEqual({ type: 'event_added', event: varEvent });
    expect(changes).toContainEqual({ type: 'event_removed', eventId: 'g1' });
  });

  it('corrects an event in place when the provider fixes the scorer', () => {
    const before = buildDetail({ match: liveMatch(1, 0, 30), events: [buildEvent({ id: 'g1' })] });
    const fixed = buildEvent({ id: 'g1', player: { id: '10', name: 'B. Fernandes' } });
    expect(diffMatch(before, { match: liveMatch(1, 0, 30), events: [fixed] }).changes).toEqual([
      { type: 'event_updated', event: fixed },
    ]);
  });

  it('never stores or announces an event id twice, even when the provider repeats it', () => {
    const goal = buildEvent({ id: 'g1' });
    const { changes, next } = diffMatch(null, { match: liveMatch(1, 0, 30), events: [goal, goal] });
    expect(changes.filter((c) => c.type === 'event_added')).toHaveLength(1);
    expect(next.events).toHaveLength(1);
  });

  it('keeps stored lineups when a poll does not carry them', () => {
    const lineups = [
      {
        teamId: '33',
        formation: '4-3-3',
        startXI: [],
        substitutes: [],
        coach: null,
        colours: { player: null, goalkeeper: null },
      },
    ];
    const before = buildDetail({ lineups });
    const { changes, next } = diffMatch(before, { match: buildMatch() });
    expect(changes).toEqual([]);
    expect(next.lineups).toEqual(lineups);
  });

  it('sends the whole header when something other than score, status or clock moves (a new kickoff time)', () => {
    const before = buildDetail();
    const moved = buildMatch({ kickoff: '2026-11-22T17:30:00Z' });
    expect(diffMatch(before, { match: moved }).changes).toEqual([{ type: 'info', match: moved }]);
  });

  it('produces changes that, applied to the old snapshot, give exactly the new one', () => {
    let stored = buildDetail({ match: liveMatch(0, 0, 1) });
    const steps = [
      { match: liveMatch(0, 0, 5), events: [] },
      { match: liveMatch(1, 0, 10), events: [buildEvent({ id: 'a' })] },
      {
        match: liveMatch(1, 0, 20),
        events: [buildEvent({ id: 'a' }), buildEvent({ id: 'b', kind: 'yellow', minute: 18 })],
      },
      { match: liveMatch(0, 0, 22), events: [buildEvent({ id: 'b', kind: 'yellow', minute: 18 })] },
      {
        match: liveMatch(0, 0, 45, { status: 'half_time' }),
        statistics: [{ teamId: '33', values: { possession: 55 } }],
      },
    ];
    for (const step of steps) {
      const { changes, next } = diffMatch(stored, step);
      expect(applyDelta(stored, { changes })).toEqual(next);
      MatchDetailSchema.parse(next);
      stored = next;
    }
  });
});
