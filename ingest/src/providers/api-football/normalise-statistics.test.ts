import { TeamStatisticsSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { parseEnvelope } from './envelope.ts';
import { normaliseStatistics } from './normalise-statistics.ts';
import { ApiTeamStatisticsSchema } from './statistics-schema.ts';

warnIfNoSharedData('api-football statistics');

describe.skipIf(!hasSharedData)('API-Football statistics, real responses', () => {
  const read = (file: string) =>
    normaliseStatistics(parseEnvelope(readSharedJson(`api-football/${file}`), ApiTeamStatisticsSchema, 'x'));

  it('reads FC Porto v Arsenal: "35%" as 35, xG "1.17" as 1.17, a null count as 0', () => {
    const [porto] = read('fixtures-statistics_1149522_team212.extracted.json');
    expect(TeamStatisticsSchema.parse(porto)).toEqual(porto);
    expect(porto).toEqual({
      teamId: '212',
      values: {
        shots_on_target: 2,
        shots_off_target: 4,
        shots_total: 8,
        shots_blocked: 2,
        shots_inside_box: 6,
        shots_outside_box: 2,
        fouls: 14,
        corners: 1,
        offsides: 0,
        possession: 35,
        yellow_cards: 2,
        red_cards: 0,
        saves: 0,
        passes_total: 274,
        passes_accurate: 206,
        pass_accuracy: 75,
        expected_goals: 1.17,
      },
    });
  });

  it('reads a response filtered to one statistic (Man Utd possession 39%)', () => {
    expect(read('fixtures-statistics_653808_filtered-ball-possession.json')).toEqual([
      { teamId: '33', values: { possession: 39 } },
    ]);
  });
});

describe('API-Football statistics values', () => {
  it('leaves out a share or xG that is null or unreadable instead of claiming zero', () => {
    const [team] = normaliseStatistics([
      {
        team: { id: 1, name: 'X' },
        statistics: [
          { type: 'Ball Possession', value: null },
          { type: 'expected_goals', value: null },
          { type: 'Passes %', value: 'n/a' },
          { type: 'goals_prevented', value: 3 },
          { type: 'Corner Kicks', value: '4' },
        ],
      },
    ]);
    expect(team!.values).toEqual({ corners: 4 });
  });
});
