import { LineupSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { parseEnvelope } from './envelope.ts';
import { ApiLineupSchema } from './lineup-schema.ts';
import { normaliseLineups } from './normalise-lineups.ts';

warnIfNoSharedData('api-football lineups');

describe.skipIf(!hasSharedData)('API-Football lineups, Man City v Everton (fixture 592872)', () => {
  const lineups = () =>
    normaliseLineups(
      parseEnvelope(readSharedJson('api-football/fixtures-lineups_592872.json'), ApiLineupSchema, 'x'),
    );

  it('gives both teams with formation, eleven starters on the grid and the bench off it', () => {
    const [city, everton] = lineups();
    for (const l of lineups()) LineupSchema.parse(l);
    expect(city).toMatchObject({ teamId: '50', formation: '4-3-3', coach: { id: '4', name: 'Guardiola' } });
    expect(everton).toMatchObject({
      teamId: '45',
      formation: '4-3-1-2',
      coach: { id: '2407', name: 'C. Ancelotti' },
    });
    expect(city!.startXI).toHaveLength(11);
    expect(city!.startXI[0]).toEqual({ id: '617', name: 'Ederson', number: 31, position: 'G', grid: '1:1' });
    expect(city!.substitutes).toHaveLength(9);
    expect(city!.substitutes.every((p) => p.grid === null)).toBe(true);
    expect(everton!.startXI.find((p) => p.name === 'Gylfi Sigurðsson')).toMatchObject({
      grid: '4:1',
      position: 'M',
    });
  });

  it('passes the kit colours through as hex', () => {
    expect(lineups()[0]!.colours).toEqual({
      player: { primary: '5badff', number: 'ffffff', border: '99ff99' },
      goalkeeper: { primary: '99ff99', number: '000000', border: '99ff99' },
    });
  });
});
