import { describe, expect, it } from 'vitest';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { buildMatch } from '@pitchside/shared/testing';
import { rememberLatest, withLatest } from './latest-entries.ts';

const entry = (id: string, goals: number, seq: number, epoch = 'e1'): ScoreboardEntry => ({
  match: buildMatch({
    id,
    status: 'second_half',
    score: { ...buildMatch().score, current: { home: goals, away: 0 } },
  }),
  epoch,
  seq,
});
const scores = (entries: ScoreboardEntry[]) =>
  entries.map((e) => `${e.match.id}:${e.match.score.current.home}`);

describe('hot matches kept current by other scoreboards', () => {
  const hot = [entry('b', 0, 5), entry('a', 1, 5), entry('c', 2, 5)];

  it('takes a later version of a match from any board, keeping the ranking', () => {
    const seen = new Map<string, ScoreboardEntry>();
    rememberLatest(seen, [[entry('a', 2, 6)], [entry('c', 1, 4)]]);
    expect(scores(withLatest(hot, seen))).toEqual(['b:0', 'a:2', 'c:2']);
  });

  it('keeps a final score after the match has left the live board', () => {
    const seen = new Map<string, ScoreboardEntry>();
    rememberLatest(seen, [[entry('a', 3, 9)]]);
    rememberLatest(seen, [[]]); // the live board no longer lists it
    expect(scores(withLatest(hot, seen))).toEqual(['b:0', 'a:3', 'c:2']);
  });

  it('takes a restarted history (another epoch) even with a lower seq', () => {
    const seen = new Map<string, ScoreboardEntry>();
    rememberLatest(seen, [[entry('b', 1, 1, 'e2')]]);
    expect(scores(withLatest(hot, seen))).toEqual(['b:1', 'a:1', 'c:2']);
  });
});
