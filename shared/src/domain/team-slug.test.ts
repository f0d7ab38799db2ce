import { describe, expect, it } from 'vitest';
import { foldText, headToHeadSlug, splitHeadToHeadSlug, teamSlug } from './team-slug.ts';

const team = (name: string, id = '1') => ({ id, name });

describe('teamSlug', () => {
  it('is the name lowercased, ASCII-folded and hyphenated', () => {
    expect(teamSlug(team('Ashworth Rovers'))).toBe('ashworth-rovers');
    expect(teamSlug(team('1. FC Köln'))).toBe('1-fc-koln');
    expect(teamSlug(team('Atlético de Madrid'))).toBe('atletico-de-madrid');
    expect(teamSlug(team('  Brøndby IF  '))).toBe('brondby-if');
    expect(teamSlug(team('Fortuna Düsseldorf / Straße'))).toBe('fortuna-dusseldorf-strasse');
    expect(teamSlug(team('Beşiktaş JK'))).toBe('besiktas-jk');
  });

  it('falls back on the id for a name without Latin letters or digits', () => {
    expect(teamSlug(team('ЦСКА', '596'))).toBe('team-596');
    expect(teamSlug(team('ЦСКА', 'bb-12'))).toBe('team-bb-12');
  });

  it('stays a URL segment, cut on a hyphen', () => {
    const slug = teamSlug(
      team('Sociedade Esportiva Palmeiras Futebol Clube da Capital do Estado de São Paulo'),
    );
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('head-to-head slugs', () => {
  it('joins two team slugs with -vs- and splits them back', () => {
    const slug = headToHeadSlug(team('Ashworth Rovers'), team('Blackmere City'));
    expect(slug).toBe('ashworth-rovers-vs-blackmere-city');
    expect(splitHeadToHeadSlug(slug)).toEqual([['ashworth-rovers', 'blackmere-city']]);
  });

  it('offers every split when a team name holds "vs"', () => {
    expect(splitHeadToHeadSlug('vs-united-vs-ashworth-rovers')).toEqual([['vs-united', 'ashworth-rovers']]);
    expect(splitHeadToHeadSlug('a-vs-b-vs-c')).toEqual([
      ['a', 'b-vs-c'],
      ['a-vs-b', 'c'],
    ]);
  });

  it('refuses what is not a head-to-head slug', () => {
    for (const bad of [
      '',
      'ashworth-rovers',
      '-vs-blackmere',
      'a-vs-',
      'A-vs-B',
      'a--vs--b',
      'a_vs_b',
      'a-vs-b/c',
    ])
      expect(splitHeadToHeadSlug(bad), bad).toBeNull();
    expect(splitHeadToHeadSlug(`${'a'.repeat(150)}-vs-${'b'.repeat(150)}`)).toBeNull();
  });
});

describe('foldText', () => {
  it('drops case and marks', () => {
    expect(foldText('MÜNCHEN Ærø Łódź')).toBe('munchen aero lodz');
  });
});
