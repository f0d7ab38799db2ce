import { describe, expect, it } from 'vitest';
import { parseOpenfootballTournament, readOpenfootballFile, ReplayFileError } from './openfootball-file.ts';
import { HAS_SHARED_DATA, SHARED_DATA_DIR, SKIP_REASON } from './test-helpers.ts';

/** ingest's provider fixtures (ingest/test/fixtures/openfootball, sources in its SOURCES.md). */
const FIXTURES = new URL('../../test/fixtures/openfootball/', import.meta.url).pathname;
const fixture = (name: string) => readOpenfootballFile(`${FIXTURES}${name}`);
const utc = (iso: string) => Date.parse(iso);

/** The problems a refused document is refused for. */
function refusal(json: unknown): readonly string[] {
  try {
    parseOpenfootballTournament(json, 'cup.json');
  } catch (err) {
    expect(err).toBeInstanceOf(ReplayFileError);
    expect((err as ReplayFileError).code).toBe('simulator:replay-file');
    expect((err as ReplayFileError).message).toContain('cup.json');
    return (err as ReplayFileError).problems;
  }
  return expect.fail('the document was accepted');
}

describe('openfootball files in every layout in use', () => {
  it('World Cup 2014, flat layout: every match, kick-offs at their real instant (zones in the time)', () => {
    const cup = fixture('worldcup.json_2014.json');
    expect(cup.name).toBe('World Cup 2014');
    expect(cup.matches).toHaveLength(64);
    const match = (a: string, b: string) => cup.matches.find((m) => m.team1 === a && m.team2 === b)!;
    // "16:00 UTC-4" and "17:00 UTC-3": the same instant.
    expect(match('Japan', 'Colombia').kickoffMs).toBe(utc('2014-06-24T20:00:00Z'));
    expect(match('Greece', "Côte d'Ivoire").kickoffMs).toBe(utc('2014-06-24T20:00:00Z'));
    expect(match('Brazil', 'Croatia')).toMatchObject({
      path: 'matches[0]',
      kickoffMs: utc('2014-06-12T20:00:00Z'),
      zone: 'file',
      score: { ft: [3, 1], ht: [1, 1], et: null, p: null },
    });
    expect(match('Germany', 'Argentina').score).toEqual({ ft: [0, 0], ht: [0, 0], et: [1, 0], p: null });
    // Oscar at 90+1; Marcelo's own goal listed under Croatia, the side it counted for.
    expect(match('Brazil', 'Croatia').goals1?.at(-1)).toMatchObject({ name: 'Oscar', minute: 90, offset: 1 });
    expect(match('Brazil', 'Croatia').goals2).toEqual([
      { name: 'Marcelo', minute: 11, offset: null, penalty: false, owngoal: true },
    ]);
  });

  it('World Cup 2018, rounds layout: score1/score2, score1et, score1p, team objects, a separate timezone', () => {
    const cup = fixture('worldcup.json_2018_rounds-layout_trimmed.json');
    expect(cup.matches).toHaveLength(20);
    expect(cup.matches[0]).toMatchObject({
      path: 'rounds[0].matches[0]',
      round: 'Matchday 1',
      team1: 'Russia',
      team2: 'Saudi Arabia',
      // "18:00" with "timezone": "UTC+3".
      kickoffMs: utc('2018-06-14T15:00:00Z'),
      score: { ft: [5, 0], ht: [2, 0], et: null, p: null },
      ground: 'Luzhniki Stadium, Moscow',
    });
    const russiaCroatia = cup.matches.find((m) => m.team1 === 'Russia' && m.team2 === 'Croatia')!;
    expect(russiaCroatia.score).toEqual({ ft: [1, 1], ht: [1, 1], et: [2, 2], p: [3, 4] });
    expect(russiaCroatia.knockout).toBe(true);
  });

  it('Euro 2020 and 2024 without any zone: the tournament’s documented zone (CEST)', () => {
    const euro2020 = fixture('euro.json_2020_trimmed.json');
    const euro2024 = fixture('euro.json_2024_trimmed.json');
    // Turkey v Italy, Rome, "21:00": 19:00 UTC.
    expect(euro2020.matches[0]).toMatchObject({ kickoffMs: utc('2021-06-11T19:00:00Z'), zone: 'tournament' });
    // Wales v Switzerland in Baku, "15:00": UEFA's CEST (17:00 in Baku), 13:00 UTC.
    expect(euro2020.matches[1]).toMatchObject({ kickoffMs: utc('2021-06-12T13:00:00Z'), zone: 'tournament' });
    // England v Denmark: no score fields at all, goals only.
    const semi = euro2020.matches.find((m) => m.team1 === 'England' && m.team2 === 'Denmark')!;
    expect(semi.score).toEqual({ ft: null, ht: null, et: null, p: null });
    expect(semi.goals1?.map((g) => g.minute)).toEqual([39, 104]);
    expect(euro2024.matches[0]).toMatchObject({
      team1: 'Germany',
      kickoffMs: utc('2024-06-14T19:00:00Z'),
      score: { ft: [5, 1], ht: [3, 0], et: null, p: null },
    });
  });

  it('World Cup 2026, not played: no scores, placeholder teams, four zones', () => {
    const cup = fixture('worldcup.json_2026_schedule.json');
    expect(cup.matches).toHaveLength(104);
    expect(cup.matches.every((m) => m.score.ft === null && m.goals1 === null)).toBe(true);
    expect(cup.matches.at(-1)).toMatchObject({
      team1: 'W101',
      team2: 'W102',
      kickoffMs: utc('2026-07-19T19:00:00Z'),
    });
    expect(new Set(cup.matches.map((m) => m.zone))).toEqual(new Set(['file']));
  });

  it.skipIf(!HAS_SHARED_DATA)(
    `World Cup 2022: Qatar’s zone for its zone-less times ${HAS_SHARED_DATA ? '' : SKIP_REASON}`,
    () => {
      const cup = readOpenfootballFile(`${SHARED_DATA_DIR}openfootball/worldcup_2022.json`);
      expect(cup.matches).toHaveLength(64);
      // Qatar v Ecuador, "19:00" in Al Khor: 16:00 UTC.
      expect(cup.matches[0]).toMatchObject({ kickoffMs: utc('2022-11-20T16:00:00Z'), zone: 'tournament' });
    },
  );

  it('reads goal minutes as numbers, strings ("45+2", "90+4\'") or minute and offset', () => {
    const cup = parseOpenfootballTournament({
      name: 'Mini Cup 2030',
      matches: [
        {
          date: '2030-06-01',
          time: '20:00 UTC+5:30',
          team1: 'A',
          team2: 'B',
          score: { ft: [3, 1] },
          goals1: [
            { name: 'One', minute: 12 },
            { name: 'Two', minute: '45+2' },
            { name: 'Three', minute: "90+4'", penalty: true },
          ],
          goals2: [{ name: 'Four', minute: 90, offset: 3, owngoal: true }],
        },
      ],
    });
    const [match] = cup.matches;
    expect(match!.kickoffMs).toBe(utc('2030-06-01T14:30:00Z'));
    expect(match!.goals1!.map((g) => [g.minute, g.offset, g.penalty])).toEqual([
      [12, null, false],
      [45, 2, false],
      [90, 4, true],
    ]);
    expect(match!.goals2![0]).toMatchObject({ minute: 90, offset: 3, owngoal: true });
  });

  it('reads times without a zone, in a tournament whose zone is not known, as UTC', () => {
    const cup = parseOpenfootballTournament({
      name: 'Village Cup',
      matches: [{ date: '2030-06-01', time: '15:00', team1: 'A', team2: 'B' }],
    });
    expect(cup.matches[0]).toMatchObject({ kickoffMs: utc('2030-06-01T15:00:00Z'), zone: 'utc' });
  });
});

describe('a file the replay cannot read', () => {
  it('is refused with the JSON path of each problem', () => {
    expect(
      refusal({
        name: 'Euro 2024',
        rounds: [
          {
            name: 'Matchday 1',
            matches: [{ date: '2024-06-14', team1: 'A', team2: 'B', score: { ft: [1, 0] } }],
          },
          {
            name: 'Final',
            matches: [
              { date: '2024-07-14', team1: 'A', team2: 'B', score: { ft: [2] } },
              { date: '2024-07-14', team1: 'A', team2: 'B', score1: 2 },
              { date: '14/07/2024', time: '25:00', team1: { code: 'ESP' }, team2: 'B' },
              {
                date: '2024-07-14',
                team1: 'A',
                team2: 'B',
                score: { ft: [1, 0] },
                goals1: [{ name: 'X', minute: 'late' }],
              },
            ],
          },
        ],
      }),
    ).toEqual([
      'rounds[1].matches[0].score.ft: expected two numbers, got [2]',
      'rounds[1].matches[1].score2: expected a number beside score1',
      'rounds[1].matches[2].date: expected a date such as "2014-06-12", got "14/07/2024"',
      'rounds[1].matches[2].time: expected a time such as "18:00" or "17:00 UTC-3", got "25:00"',
      'rounds[1].matches[2].team1: expected a team name or {"name": …}, got {"code":"ESP"}',
      'rounds[1].matches[3].goals1[0].minute: expected a minute such as 67 or "45+2", got "late"',
    ]);
  });

  it('is refused when it is no tournament at all', () => {
    expect(refusal([])).toEqual([
      '(the document): expected an object with "name" and "matches" or "rounds", got []',
    ]);
    expect(refusal({ name: 'X' })).toEqual([
      'matches: expected a list of matches ("matches", or "rounds" with theirs)',
    ]);
    expect(refusal({ matches: [] })).toEqual(["name: expected the tournament's name, got nothing"]);
  });

  it('names the file when it is not JSON or not there', () => {
    expect(() => readOpenfootballFile('/nowhere/cup.json')).toThrow(/\/nowhere\/cup\.json.*cannot be read/);
  });
});
