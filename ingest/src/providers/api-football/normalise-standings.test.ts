import { StandingsSchema, TeamSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { parseEnvelope } from './envelope.ts';
import { normaliseStandings } from './normalise-standings.ts';
import { normaliseTeam } from './normalise-team.ts';
import { ApiStandingsSchema } from './standings-schema.ts';
import { ApiTeamSchema } from './team-schema.ts';

warnIfNoSharedData('api-football standings and teams');

describe.skipIf(!hasSharedData)('API-Football standings, Premier League 2022-23', () => {
  const standings = () => {
    const [item] = parseEnvelope(
      readSharedJson('api-football/standings_league39_season2022.json'),
      ApiStandingsSchema,
      'x',
    );
    return normaliseStandings(item!, Date.UTC(2030, 0, 1));
  };

  it('gives one unnamed table of 20, dated by the provider', () => {
    const s = StandingsSchema.parse(standings());
    expect(s).toMatchObject({ competitionId: '39', season: 2022, updatedAt: '2023-05-28T00:00:00Z' });
    expect(s.groups).toHaveLength(1);
    expect(s.groups[0]!.name).toBeNull();
    expect(s.groups[0]!.rows.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('gives the champions their total, home and away records and form, latest result last', () => {
    const city = standings().groups[0]!.rows[0]!;
    expect(city).toMatchObject({
      team: { id: '50', name: 'Manchester City' },
      points: 89,
      goalDifference: 61,
      // API-Football "LDWWW" ends the season with the 1-0 loss at Brentford: latest first there, last here.
      form: 'WWWDL',
      description: 'Promotion - Champions League (Group Stage: )',
      total: { played: 38, won: 28, drawn: 5, lost: 5, goalsFor: 94, goalsAgainst: 33 },
      home: { played: 19, won: 17, drawn: 1, lost: 1, goalsFor: 60, goalsAgainst: 17 },
      away: { played: 19, won: 11, drawn: 4, lost: 4, goalsFor: 34, goalsAgainst: 16 },
    });
    expect(standings().groups[0]!.rows.at(-1)).toMatchObject({
      team: { name: 'Southampton' },
      points: 25,
      description: 'Relegation - Championship',
    });
  });
});

describe.skipIf(!hasSharedData)('API-Football teams, search "Manchester"', () => {
  it('normalises all 16 teams, a ground without name or city as none', () => {
    const teams = parseEnvelope(
      readSharedJson('api-football/teams_search-manchester.json'),
      ApiTeamSchema,
      'x',
    ).map(normaliseTeam);
    expect(teams).toHaveLength(16);
    for (const t of teams) TeamSchema.parse(t);
    expect(teams[0]).toEqual({
      id: '33',
      name: 'Manchester United',
      shortName: null,
      code: 'MUN',
      country: 'England',
      founded: 1878,
      logo: 'https://media.api-sports.io/football/teams/33.png',
      venue: { name: 'Old Trafford', city: 'Manchester', capacity: 76212 },
    });
    expect(teams.find((t) => t.id === '1854')?.venue).toBeNull();
  });
});
