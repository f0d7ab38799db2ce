import { describe, expect, it } from 'vitest';
import { squadPosition } from './squad-position.ts';

describe('squadPosition', () => {
  it("reads both providers' words, the finer roles included", () => {
    const words = ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker', 'Defence', 'Midfield', 'Offence'];
    expect(words.map(squadPosition)).toEqual(['G', 'D', 'M', 'F', 'D', 'M', 'F']);
    const roles = ['Centre-Back', 'Left-Back', 'Defensive Midfield', 'Attacking Midfield', 'Right Winger'];
    expect(roles.map(squadPosition)).toEqual(['D', 'D', 'M', 'M', 'F']);
  });

  it('says null rather than guess', () => {
    expect([null, undefined, '', 'Coach'].map(squadPosition)).toEqual([null, null, null, null]);
  });
});
