import { describe, expect, it } from 'vitest';
import { CompetitionSchema, type Competition } from '@pitchside/shared/domain';
import { groupCompetitions, matchesFilter } from './competition-groups.ts';

const competition = (id: string, name: string, country: string | null, popularity = 100): Competition =>
  CompetitionSchema.parse({ id, name, type: 'league', country, season: 2026, logo: null, popularity });

const ALL = [
  competition('140', 'La Liga', 'Spain', 5),
  competition('39', 'Premier League', 'England', 4),
  competition('40', 'Championship', 'England', 60),
  competition('45', 'FA Cup', 'England', 30),
  competition('2', 'UEFA Champions League', 'World', 2),
  competition('1', 'World Cup', 'World', 1),
  competition('bb-952', 'Euro Hoops League', 'Europe', 25),
  competition('78', 'Bundesliga', 'Germany', 7),
];

describe('groupCompetitions', () => {
  it('puts international competitions first, then countries alphabetically, each by popularity', () => {
    const groups = groupCompetitions(ALL);
    expect(groups.map((g) => g.key)).toEqual([
      'international',
      'country:England',
      'country:Germany',
      'country:Spain',
    ]);
    expect(groups[0]!.competitions.map((c) => c.name)).toEqual([
      'World Cup',
      'UEFA Champions League',
      'Euro Hoops League',
    ]);
    expect(groups[1]!.competitions.map((c) => c.name)).toEqual(['Premier League', 'FA Cup', 'Championship']);
  });

  it('lists favourites in a group of their own above everything, and leaves them in their country too', () => {
    const groups = groupCompetitions(ALL, { favourites: new Set(['78', '40']) });
    expect(groups[0]!.kind).toBe('favourites');
    expect(groups[0]!.competitions.map((c) => c.id)).toEqual(['78', '40']);
    expect(groups.find((g) => g.key === 'country:Germany')!.competitions.map((c) => c.id)).toEqual(['78']);
  });

  it('orders countries the way the page’s language sorts them', () => {
    const names = (locale: string) =>
      groupCompetitions(
        [
          competition('a', 'A', 'Österreich'),
          competition('b', 'B', 'Polen'),
          competition('c', 'C', 'Niederlande'),
        ],
        { locale },
      ).map((g) => g.country);
    expect(names('de')).toEqual(['Niederlande', 'Österreich', 'Polen']);
  });
});

describe('matchesFilter', () => {
  it('matches word starts of the name or the country, ignoring case and accents', () => {
    expect(matchesFilter(ALL[1]!, 'prem')).toBe(true);
    expect(matchesFilter(ALL[1]!, 'eng')).toBe(true);
    expect(matchesFilter(ALL[1]!, 'prem eng')).toBe(true);
    expect(matchesFilter(ALL[1]!, 'league')).toBe(true);
    expect(matchesFilter(ALL[1]!, 'emier')).toBe(false);
    expect(matchesFilter(competition('x', 'Süper Lig', 'Türkiye'), 'super tur')).toBe(true);
    expect(matchesFilter(ALL[0]!, '   ')).toBe(true);
  });
});
