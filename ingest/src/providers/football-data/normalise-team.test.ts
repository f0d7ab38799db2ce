import { SquadSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { normaliseFdSquad } from './normalise-team.ts';
import { FdTeamSchema } from './team-schema.ts';

describe('normaliseFdSquad', () => {
  it("reads v4's squad: positions by word, an age from the date of birth, no number when v4 has none", () => {
    const team = FdTeamSchema.parse({
      id: 86,
      name: 'Real Madrid CF',
      squad: [
        { id: 1, name: 'Thibaut Courtois', position: 'Goalkeeper', dateOfBirth: '1992-05-11' },
        { id: 2, name: 'Dani Carvajal', position: 'Right-Back', dateOfBirth: '1992-01-11', shirtNumber: 2 },
        { id: 3, name: 'Jude Bellingham', position: 'Attacking Midfield', dateOfBirth: '2003-06-29' },
        { id: 4, name: 'Kylian Mbappé', position: 'Offence', dateOfBirth: null },
      ],
    });
    const squad = SquadSchema.parse(normaliseFdSquad(team, Date.parse('2026-11-22T12:00:00Z')));
    expect(squad.teamId).toBe('86');
    expect(squad.players.map((p) => [p.name, p.position, p.age, p.number])).toEqual([
      ['Thibaut Courtois', 'G', 34, null],
      ['Dani Carvajal', 'D', 34, 2],
      ['Jude Bellingham', 'M', 23, null],
      ['Kylian Mbappé', 'F', null, null],
    ]);
  });
});
