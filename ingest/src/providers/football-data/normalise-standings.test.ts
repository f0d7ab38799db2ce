import { StandingsSchema, TeamSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { parseUpstream } from '../parse-upstream.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { normaliseFdStandings } from './normalise-standings.ts';
import { normaliseFdTeam } from './normalise-team.ts';
import { FdStandingsSchema } from './standings-schema.ts';
import { FdTeamSchema } from './team-schema.ts';

const NOW = Date.UTC(2022, 8, 12, 23, 6, 43);
const standings = (file: string) =>
  normaliseFdStandings(parseUpstream(FdStandingsSchema, readSharedJson(`football-data/${file}`), file), NOW);

warnIfNoSharedData('football-data standings and teams');

describe.skipIf(!hasSharedData)('football-data.org v4 standings, real responses', () => {
  it('merges the Bundesliga TOTAL, HOME and AWAY tables into one table of 18', () => {
    const s = StandingsSchema.parse(standings('v4_competitions_BL1_standings_TOTAL-HOME-AWAY.body.json'));
    expect(s).toMatchObject({ competitionId: '2002', season: 2022, updatedAt: '2022-09-12T23:06:43Z' });
    expect(s.groups).toHaveLength(1);
    expect(s.groups[0]!.name).toBeNull();
    const rows = s.groups[0]!.rows;
    expect(rows).toHaveLength(18);
    expect(rows[0]).toMatchObject({
      rank: 1,
      team: { id: '28', name: '1. FC Union Berlin' },
      points: 14,
      goalDifference: 9,
      // v4 "W,D,W,W,D" is latest first; ours is latest last.
      form: 'DWWDW',
      total: { played: 6, won: 4, drawn: 2, lost: 0, goalsFor: 13, goalsAgainst: 4 },
    });
    for (const row of rows) {
      // Every row found its home and away records, and they add up to the total.
      expect(row.home!.played + row.away!.played).toBe(row.total.played);
      expect(row.home!.goalsFor + row.away!.goalsFor).toBe(row.total.goalsFor);
      expect(row.home!.won + row.away!.won).toBe(row.total.won);
    }
    // Bayern drew their last three after two wins: v4 "D,D,D,W,W".
    expect(rows.find((r) => r.team.id === '5')?.form).toBe('WWDDD');
  });

  it('keeps the eight Champions League groups, named as people write them', () => {
    const s = StandingsSchema.parse(standings('v4_competitions_CL_standings_groups.body.json'));
    expect(s.groups.map((g) => g.name)).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((l) => `Group ${l}`),
    );
    const first = s.groups[0]!.rows[0]!;
    expect(first.group).toBe('Group A');
    expect(first.form).toBe('');
    // No HOME/AWAY split for cup groups: null, not a made-up record of zeros.
    expect(first.home).toBeNull();
  });
});

describe.skipIf(!hasSharedData)('football-data.org v4 team, real response', () => {
  it('normalises 1. FC Köln', () => {
    const team = normaliseFdTeam(
      parseUpstream(FdTeamSchema, readSharedJson('football-data/v4_teams_1_koeln.body.json'), 'x'),
    );
    expect(TeamSchema.parse(team)).toEqual({
      id: '1',
      name: '1. FC Köln',
      shortName: '1. FC Köln',
      code: 'KOE',
      country: 'Germany',
      founded: 1948,
      logo: 'https://crests.football-data.org/1.png',
      venue: { name: 'RheinEnergieSTADION', city: null, capacity: null },
    });
  });
});
