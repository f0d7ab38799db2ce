import { describe, expect, it } from 'vitest';
import { generateMatchDay } from './match-day.ts';
import { FINISHED, IN_PLAY, finalWhistleMs, fixtureStateAt } from './match-state.ts';

/**
 * The contract shared/src/domain/standings.ts documents for the web's live table: a table holds finished
 * matches only; a match in play is not in it, not even with its provisional score, until its final whistle.
 */
describe('standings while a match is in play', () => {
  const day = generateMatchDay({ seed: 4242, startAt: new Date('2026-03-14T15:07:23Z') });
  const now = day.startAtMs;
  const live = day.today.find(
    (f) =>
      f.competition.standings === 'table' &&
      IN_PLAY.has(fixtureStateAt(f, now).status.short) &&
      FINISHED.has(fixtureStateAt(f, finalWhistleMs(f)! + 1).status.short),
  )!;
  const rowOf = (teamId: number, at: number) =>
    day.standings(live.competition, at)[0]!.rows.find((r) => r.team.id === teamId)!;

  it('leaves the live match out of both teams’ rows, then counts it once it is over', () => {
    const end = finalWhistleMs(live)!;
    for (const team of [live.home, live.away]) {
      const during = rowOf(team.id, now);
      const justBefore = rowOf(team.id, end - 1);
      const after = rowOf(team.id, end + 1);
      expect(justBefore.all.played).toBe(during.all.played);
      expect(after.all.played).toBe(during.all.played + 1);
    }
    const final = fixtureStateAt(live, end + 1).goals;
    expect(rowOf(live.home.id, end + 1).all.goalsFor - rowOf(live.home.id, now).all.goalsFor).toBe(
      final.home,
    );
  });
});
