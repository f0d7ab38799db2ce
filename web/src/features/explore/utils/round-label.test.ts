import { describe, expect, it } from 'vitest';
import { roundLabel } from './round-label.ts';

describe('roundLabel', () => {
  it('reads the providers’ round names', () => {
    expect(roundLabel('Regular Season - 15')).toEqual({ key: 'round.matchday', values: { number: '15' } });
    expect(roundLabel('Matchday 3')).toEqual({ key: 'round.matchday', values: { number: '3' } });
    expect(roundLabel('Group Stage - 2')).toEqual({ key: 'round.groupMatchday', values: { number: '2' } });
    expect(roundLabel('Round of 16')).toEqual({ key: 'round.roundOf', values: { teams: '16' } });
    expect(roundLabel('Quarter-finals')).toEqual({ key: 'round.quarterFinals' });
    expect(roundLabel('Semi-finals')).toEqual({ key: 'round.semiFinals' });
    expect(roundLabel('3rd Place Final')).toEqual({ key: 'round.thirdPlace' });
    expect(roundLabel('Final')).toEqual({ key: 'round.final' });
  });

  it('keeps a name it does not know as written', () => {
    expect(roundLabel('Play-offs - Semi-finals')).toEqual({ key: null, text: 'Play-offs - Semi-finals' });
  });
});
