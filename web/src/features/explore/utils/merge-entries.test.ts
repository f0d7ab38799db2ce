import { describe, expect, it } from 'vitest';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { mergeEntries } from './merge-entries.ts';

const entry = (match: ScoreboardEntry['match'], seq: number, epoch = 'e1'): ScoreboardEntry => ({
  match,
  epoch,
  seq,
});

describe('mergeEntries', () => {
  const first = entry(buildMatch({ id: '1' }), 3);
  const second = entry(buildMatch({ id: '2' }), 5);

  it('takes the newer copy of a match the page lists, and nothing else', () => {
    const goal = entry(liveMatch(1, 0, 12, { id: '1' }), 4);
    const merged = mergeEntries([first, second], [goal, entry(buildMatch({ id: '99' }), 1)]);
    expect(merged).toEqual([goal, second]);
  });

  it('ignores older copies, and returns the same list when nothing is newer', () => {
    const base = [first, second];
    expect(mergeEntries(base, [entry(buildMatch({ id: '1' }), 2)])).toBe(base);
  });

  it('takes a copy from a new epoch (the match was restarted upstream)', () => {
    const restarted = entry(buildMatch({ id: '2' }), 1, 'e2');
    expect(mergeEntries([first, second], [restarted])[1]).toBe(restarted);
  });
});
