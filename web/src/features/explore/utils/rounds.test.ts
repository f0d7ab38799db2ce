import { describe, expect, it } from 'vitest';
import { buildMatch } from '@pitchside/shared/testing';
import type { Match } from '@pitchside/shared/domain';
import { currentRound, groupRounds, onlyRoundChanged } from './rounds.ts';

const match = (id: string, round: string | null, kickoff: string, status: Match['status'] = 'scheduled') =>
  buildMatch({ id, round, kickoff, status });

describe('groupRounds', () => {
  it('groups by round, ordered by each round’s first kickoff (10 after 9)', () => {
    const rounds = groupRounds(
      [
        match('3', 'Regular Season - 10', '2026-11-29T15:00:00Z'),
        match('1', 'Regular Season - 9', '2026-11-22T15:00:00Z', 'finished'),
        match('2', 'Regular Season - 9', '2026-11-21T12:30:00Z', 'finished'),
      ],
      'UTC',
    );
    expect(rounds.map((r) => r.key)).toEqual(['Regular Season - 9', 'Regular Season - 10']);
    expect(rounds[0]!.matches.map((m) => m.id)).toEqual(['2', '1']);
  });

  it('groups matches without a round by their day in the visitor’s time zone', () => {
    const rounds = groupRounds(
      [match('1', null, '2026-11-22T23:30:00Z'), match('2', null, '2026-11-23T01:00:00Z')],
      'America/New_York',
    );
    expect(rounds.map((r) => [r.key, r.day, r.name])).toEqual([['2026-11-22', '2026-11-22', null]]);
    expect(
      groupRounds(
        [match('1', null, '2026-11-22T23:30:00Z'), match('2', null, '2026-11-23T01:00:00Z')],
        'UTC',
      ),
    ).toHaveLength(2);
  });
});

describe('currentRound', () => {
  const rounds = (statuses: Match['status'][][]) =>
    groupRounds(
      statuses.flatMap((round, r) =>
        round.map((status, m) =>
          match(`${r}-${m}`, `Regular Season - ${r + 1}`, `2026-11-${10 + r}T1${m}:00:00Z`, status),
        ),
      ),
      'UTC',
    );

  it('is the round with a match in play', () => {
    expect(
      currentRound(rounds([['finished'], ['finished', 'second_half', 'scheduled'], ['scheduled']]))?.key,
    ).toBe('Regular Season - 2');
  });

  it('is otherwise the first round with a match still to play, past postponed leftovers', () => {
    expect(
      currentRound(rounds([['finished', 'postponed'], ['scheduled', 'scheduled'], ['scheduled']]))?.key,
    ).toBe('Regular Season - 2');
  });

  it('is the last round once everything is played, and nothing without matches', () => {
    expect(currentRound(rounds([['finished'], ['finished']]))?.key).toBe('Regular Season - 2');
    expect(currentRound([])).toBeNull();
  });
});

describe('onlyRoundChanged', () => {
  const url = (path: string) => new URL(path, 'https://pitchside.example');
  it('is true for another round of the same page only', () => {
    expect(onlyRoundChanged(url('/en/league/39'), url('/en/league/39?round=Regular%20Season%20-%202'))).toBe(
      true,
    );
    expect(onlyRoundChanged(url('/en/league/39?round=a&x=1'), url('/en/league/39?x=1&round=b'))).toBe(true);
    expect(onlyRoundChanged(url('/en/league/39?round=a'), url('/en/league/40?round=b'))).toBe(false);
    expect(onlyRoundChanged(url('/en/league/39?round=a'), url('/de/league/39?round=b'))).toBe(false);
    expect(onlyRoundChanged(url('/en/league/39?round=a'), url('/en/league/39?round=a'))).toBe(false);
  });
});
