import { describe, expect, it } from 'vitest';
import { buildEvent, buildMatch } from '../testing/builders.ts';
import type { Match, ScorePair } from './match.ts';
import type { MatchStatus } from './match-status.ts';
import {
  matchOutcome,
  outcomeLine,
  outcomeSentence,
  scoreNoteTexts,
  resultFor,
  scoreNotes,
  shootoutKicks,
  type MatchOutcome,
} from './match-outcome.ts';
import { compareEvents } from './match-event.ts';

const NONE: ScorePair = { home: null, away: null };
const p = (home: number | null, away: number | null): ScorePair => ({ home, away });

function match(status: MatchStatus, score: Partial<Match['score']> & Pick<Match['score'], 'current'>): Match {
  return buildMatch({
    status,
    home: { id: 'h', name: 'Kingsmoor County', logo: null },
    away: { id: 'a', name: 'Harbour Athletic', logo: null },
    score: {
      halftime: NONE,
      fulltime: NONE,
      extratime: NONE,
      penalties: NONE,
      ...score,
    },
  });
}

const facts = (o: MatchOutcome) => ({
  score: o.score,
  extraTime: o.extraTime,
  shootout: o.shootout,
  penalties: o.penalties,
  aggregate: o.aggregate,
  decided: o.decided,
  winner: o.winner,
  decidedBy: o.decidedBy,
  tie: o.tie,
});

describe('matchOutcome', () => {
  it('a match won in 90 minutes: the score says it, no sentence', () => {
    const o = matchOutcome(match('finished', { current: p(2, 1), fulltime: p(2, 1) }));
    expect(facts(o)).toEqual({
      score: p(2, 1),
      extraTime: false,
      shootout: false,
      penalties: null,
      aggregate: null,
      decided: true,
      winner: 'home',
      decidedBy: 'score',
      tie: false,
    });
    expect(outcomeLine(o)).toBeNull();
    expect(scoreNotes(o)).toEqual({ extraTime: false, penalties: null, aggregate: null });
  });

  it('a draw: no winner, no sentence', () => {
    const o = matchOutcome(match('finished', { current: p(1, 1), fulltime: p(1, 1), winner: null }));
    expect([o.winner, o.decidedBy, outcomeLine(o)]).toEqual([null, null, null]);
  });

  it('won in extra time: the score after 120, "win after extra time"', () => {
    const o = matchOutcome(
      match('finished_aet', { current: p(2, 1), fulltime: p(1, 1), extratime: p(1, 0), winner: 'home' }),
    );
    expect([o.score, o.extraTime, o.winner, o.decidedBy]).toEqual([p(2, 1), true, 'home', 'extra_time']);
    expect(outcomeLine(o)).toEqual({ key: 'extraTime', winner: 'home', values: {} });
    expect(scoreNotes(o).extraTime).toBe(true);
  });

  it('a shoot-out after extra time: the board keeps 1-1, the winner is the shoot-out winner, named with its score from their side', () => {
    const o = matchOutcome(
      match('finished_pen', {
        current: p(1, 1),
        fulltime: p(1, 1),
        extratime: p(0, 0),
        penalties: p(3, 4),
        winner: 'away',
      }),
    );
    expect(facts(o)).toEqual({
      score: p(1, 1),
      extraTime: true,
      shootout: true,
      penalties: { home: 3, away: 4 },
      aggregate: null,
      decided: true,
      winner: 'away',
      decidedBy: 'penalties',
      tie: false,
    });
    expect(outcomeLine(o)).toEqual({ key: 'penalties', winner: 'away', values: { won: 4, lost: 3 } });
    expect(scoreNotes(o)).toEqual({ extraTime: true, penalties: { home: 3, away: 4 }, aggregate: null });
  });

  it('a shoot-out straight after 90 minutes (extra time left empty) is not "after extra time"', () => {
    const o = matchOutcome(
      match('finished_pen', { current: p(0, 0), fulltime: p(0, 0), extratime: NONE, penalties: p(5, 4) }),
    );
    expect([o.extraTime, o.winner, o.decidedBy]).toEqual([false, 'home', 'penalties']);
    expect(scoreNotes(o).extraTime).toBe(false);
  });

  it('a shoot-out whose score the provider does not send: the provider names the winner', () => {
    const o = matchOutcome(
      match('finished_pen', { current: p(1, 1), extratime: p(0, 0), penalties: NONE, winner: 'home' }),
    );
    expect([o.penalties, o.winner, o.decidedBy]).toEqual([null, 'home', 'penalties']);
    expect(outcomeLine(o)).toEqual({ key: 'penaltiesNoScore', winner: 'home', values: {} });
  });

  it('a shoot-out with neither a score nor a named winner: nothing is made up', () => {
    const o = matchOutcome(match('finished_pen', { current: p(1, 1), penalties: NONE }));
    expect([o.winner, o.decidedBy, outcomeLine(o)]).toEqual([null, null, null]);
  });

  it('a second leg settled on penalties with the aggregate known: both in the sentence', () => {
    const o = matchOutcome(
      match('finished_pen', {
        current: p(2, 1),
        extratime: p(0, 0),
        penalties: p(4, 5),
        aggregate: p(2, 2),
        winner: 'away',
      }),
    );
    expect([o.tie, o.winner, o.decidedBy]).toEqual([true, 'away', 'penalties']);
    expect(outcomeLine(o)).toEqual({
      key: 'penaltiesAggregate',
      winner: 'away',
      values: { won: 5, lost: 4, aggregateWon: 2, aggregateLost: 2 },
    });
  });

  it('a second leg won on aggregate although lost on the night', () => {
    const o = matchOutcome(
      match('finished', { current: p(1, 2), fulltime: p(1, 2), aggregate: p(4, 2), winner: 'home' }),
    );
    expect([o.winner, o.decidedBy, o.tie]).toEqual(['home', 'aggregate', true]);
    expect(outcomeLine(o)).toEqual({
      key: 'aggregate',
      winner: 'home',
      values: { aggregateWon: 4, aggregateLost: 2 },
    });
  });

  it('a second leg settled in extra time, aggregate known, from the away side', () => {
    const o = matchOutcome(
      match('finished_aet', {
        current: p(1, 2),
        fulltime: p(0, 0),
        extratime: p(1, 2),
        aggregate: p(1, 2),
        winner: 'away',
      }),
    );
    expect(outcomeLine(o)).toEqual({
      key: 'aggregateExtraTime',
      winner: 'away',
      values: { aggregateWon: 2, aggregateLost: 1 },
    });
  });

  it('a tie level on aggregate without a shoot-out went on away goals, to whom the provider says', () => {
    const o = matchOutcome(
      match('finished', { current: p(2, 1), fulltime: p(2, 1), aggregate: p(2, 2), winner: 'away' }),
    );
    expect([o.winner, o.decidedBy]).toEqual(['away', 'away_goals']);
    expect(outcomeLine(o)).toEqual({
      key: 'awayGoals',
      winner: 'away',
      values: { aggregateWon: 2, aggregateLost: 2 },
    });
  });

  it('the provider names who went through and it is not who won the match: a tie whose first leg we lack', () => {
    const o = matchOutcome(match('finished', { current: p(1, 0), fulltime: p(1, 0), winner: 'away' }));
    expect([o.tie, o.winner, o.decidedBy, o.aggregate]).toEqual([true, 'away', 'aggregate', null]);
    expect(outcomeLine(o)).toEqual({ key: 'through', winner: 'away', values: {} });

    const aet = matchOutcome(
      match('finished_aet', { current: p(1, 1), fulltime: p(1, 0), extratime: p(0, 1), winner: 'away' }),
    );
    expect(outcomeLine(aet)).toEqual({ key: 'throughExtraTime', winner: 'away', values: {} });
  });

  it('an awarded match names who it was awarded to', () => {
    const o = matchOutcome(match('awarded', { current: p(3, 0), winner: 'home' }));
    expect(outcomeLine(o)).toEqual({ key: 'awarded', winner: 'home', values: {} });
    const byScore = matchOutcome(match('awarded', { current: p(0, 3) }));
    expect(byScore.winner).toBe('away');
  });

  it('a live second leg shows its running aggregate, names no winner', () => {
    const o = matchOutcome(match('second_half', { current: p(1, 0), aggregate: p(1, 1) }));
    expect([o.decided, o.winner, o.tie, o.aggregate]).toEqual([false, null, true, { home: 1, away: 1 }]);
    expect(outcomeLine(o)).toBeNull();
    expect(scoreNotes(o)).toEqual({ extraTime: false, penalties: null, aggregate: { home: 1, away: 1 } });
  });

  it('extra time in play is not marked beside the score (the clock says it); a shoot-out in play is', () => {
    const et = matchOutcome(match('extra_time', { current: p(2, 2), fulltime: p(2, 2), extratime: p(0, 0) }));
    expect([et.extraTime, scoreNotes(et).extraTime]).toEqual([true, false]);
    const pens = matchOutcome(
      match('penalties', { current: p(2, 2), extratime: p(0, 0), penalties: p(2, 1) }),
    );
    expect([pens.shootout, pens.decided, pens.winner, scoreNotes(pens)]).toEqual([
      true,
      false,
      null,
      { extraTime: true, penalties: { home: 2, away: 1 }, aggregate: null },
    ]);
  });

  it('a stored match without a board score falls back on 90 minutes plus extra time, never nothing', () => {
    const o = matchOutcome(
      match('finished_pen', {
        current: NONE,
        fulltime: p(1, 1),
        extratime: p(1, 0),
        penalties: p(4, 3),
      }),
    );
    expect(o.score).toEqual(p(2, 1));
    expect(matchOutcome(match('finished', { current: NONE, fulltime: p(0, 2) })).score).toEqual(p(0, 2));
    expect(matchOutcome(match('scheduled', { current: NONE })).score).toEqual(NONE);
  });
});

describe('resultFor', () => {
  it('counts a shoot-out as the draw it was after 120 minutes, and says who took the shoot-out', () => {
    const m = match('finished_pen', { current: p(1, 1), extratime: p(0, 0), penalties: p(4, 3) });
    expect(resultFor(m, 'h')).toEqual({
      result: 'D',
      for: 1,
      against: 1,
      shootout: { won: true, for: 4, against: 3 },
    });
    expect(resultFor(m, 'a')).toEqual({
      result: 'D',
      for: 1,
      against: 1,
      shootout: { won: false, for: 3, against: 4 },
    });
  });

  it('a win after extra time is a win by its 120-minute score; nothing for a match not over', () => {
    const m = match('finished_aet', { current: p(1, 2), fulltime: p(1, 1), extratime: p(0, 1) });
    expect(resultFor(m, 'a')).toEqual({ result: 'W', for: 2, against: 1, shootout: null });
    expect(resultFor(match('second_half', { current: p(1, 0) }), 'h')).toBeNull();
  });
});

describe('shootoutKicks', () => {
  const kick = (n: number, team: string, scored: boolean, name: string) =>
    buildEvent({
      id: `m-shootout-${n}`,
      kind: scored ? 'shootout_scored' : 'shootout_missed',
      minute: 120,
      stoppage: null,
      teamId: team,
      player: { id: null, name },
      detail: null,
      kick: n,
    });

  it('orders kicks by their place in the shoot-out, whatever order they came in, with the running score', () => {
    const events = [
      kick(4, 'a', false, 'D4'),
      buildEvent({ id: 'm-goal', kind: 'goal', minute: 118, teamId: 'h' }),
      kick(2, 'a', true, 'D2'),
      kick(3, 'h', true, 'C3'),
      kick(1, 'h', false, 'C1'),
    ];
    const kicks = shootoutKicks(events, 'h');
    expect(
      kicks.map((k) => [k.event.player?.name, k.side, k.scored, `${k.running.home}-${k.running.away}`]),
    ).toEqual([
      ['C1', 'home', false, '0-0'],
      ['D2', 'away', true, '0-1'],
      ['C3', 'home', true, '1-1'],
      ['D4', 'away', false, '1-1'],
    ]);
  });

  it('the timeline puts every kick after the last minute played, in kick order', () => {
    const late = buildEvent({ id: 'late', kind: 'yellow', minute: 120, stoppage: 3 });
    const sorted = [kick(2, 'a', true, 'K2'), late, kick(1, 'h', true, 'K1')].sort(compareEvents);
    expect(sorted.map((e) => e.id)).toEqual(['late', 'm-shootout-1', 'm-shootout-2']);
  });
});

describe('outcomeSentence and scoreNoteTexts (the widget, without i18next)', () => {
  const messages = {
    penalties: '{{team}} win {{won}}–{{lost}} on penalties',
    extraTime: '{{team}} win after extra time',
    short: { extraTime: 'AET', penalties: '{{home}}–{{away}} pens', aggregate: 'agg. {{home}}–{{away}}' },
  };

  it('fills the sentence of the rule with the winner and the score from their side', () => {
    const m = match('finished_pen', {
      current: p(1, 1),
      extratime: p(0, 0),
      penalties: p(3, 4),
      aggregate: p(2, 2),
    });
    // The tie's sentence has no template here: none rather than the wrong one.
    expect(outcomeSentence(m, messages)).toBeNull();
    const single = match('finished_pen', { current: p(1, 1), extratime: p(0, 0), penalties: p(3, 4) });
    expect(outcomeSentence(single, messages)).toBe('Harbour Athletic win 4–3 on penalties');
    expect(scoreNoteTexts(m, messages)).toEqual(['AET', '3–4 pens', 'agg. 2–2']);
  });

  it('says nothing for a match won in 90 minutes', () => {
    const m = match('finished', { current: p(2, 0), fulltime: p(2, 0) });
    expect([outcomeSentence(m, messages), scoreNoteTexts(m, messages)]).toEqual([null, []]);
  });
});
