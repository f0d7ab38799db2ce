import { describe, expect, it } from 'vitest';
import { TeamSchema } from '@pitchside/shared/domain';
import { searchTeams } from './team-search.ts';

const team = (id: string, name: string, extra: { shortName?: string; code?: string } = {}) =>
  TeamSchema.parse({ id, name, logo: null, ...extra });

const TEAMS = [
  team('1', 'Blackmere City', { code: 'BLA' }),
  team('2', 'FC München', { shortName: 'München', code: 'FCM' }),
  team('3', 'City Rovers', { code: 'CRO' }),
  team('4', 'Ashworth Rovers', { code: 'ASH' }),
  team('5', 'Atlético Valdoria', { shortName: 'Atleti', code: 'ATV' }),
  team('6', 'Veloce', { code: 'CIT' }),
];
const ids = (q: string, limit = 20) => searchTeams(TEAMS, q, limit).map((t) => t.id);

describe('searchTeams', () => {
  it('ignores case and accents', () => {
    expect(ids('munchen')).toEqual(['2']);
    expect(ids('MÜNCHEN')).toEqual(['2']);
    expect(ids('atletico')).toEqual(['5']);
  });

  it('ranks an exact field, then a prefix, then a word, then anywhere', () => {
    // "cit" is Veloce's code (exact), the start of "City Rovers", a word of "Blackmere City".
    expect(ids('cit')).toEqual(['6', '3', '1']);
    expect(ids('rovers')).toEqual(['4', '3']);
    expect(ids('ere')).toEqual(['1']);
  });

  it('searches short names and codes, and honours the limit', () => {
    expect(ids('atleti')).toEqual(['5']);
    expect(ids('ash')).toEqual(['4']);
    expect(ids('r', 2)).toHaveLength(2);
    expect(ids('zzz')).toEqual([]);
  });
});
