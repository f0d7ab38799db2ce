import type { Standings, StandingsRow, TeamRecord } from '@pitchside/shared/domain';
import { latestLast } from '../form.ts';
import { toIsoUtc } from '../iso-utc.ts';
import { humanise } from './humanise.ts';
import type { FdStandings, FdTableRow } from './standings-schema.ts';

/** Cup group tables come without a HOME/AWAY split; our rows need one, so it reads as nothing played. */

/**
 * v4 standings as ours: the TOTAL tables give the groups and rows, the HOME and AWAY tables of the same
 * group are merged into each row by team id. v4 has no update time, so `updatedAt` is when we fetched it.
 * Group names read as people write them ("GROUP_A" -> "Group A").
 */
export function normaliseFdStandings(s: FdStandings, now: number): Standings {
  const split = new Map<string, TeamRecord>();
  for (const table of s.standings) {
    if (table.type === 'TOTAL') continue;
    for (const row of table.table) split.set(`${table.type}:${table.group}:${row.team.id}`, record(row));
  }
  return {
    competitionId: String(s.competition.id),
    season: Number(s.season.startDate.slice(0, 4)),
    groups: s.standings
      .filter((table) => table.type === 'TOTAL')
      .map((table) => {
        const group = groupName(table.group);
        return {
          name: group,
          rows: table.table.map((row): StandingsRow => ({
            rank: row.position,
            team: { id: String(row.team.id), name: row.team.name, logo: row.team.crest ?? null },
            points: row.points,
            goalDifference: row.goalDifference,
            form: latestLast(row.form),
            description: null,
            group,
            total: record(row),
            home: split.get(`HOME:${table.group}:${row.team.id}`) ?? null,
            away: split.get(`AWAY:${table.group}:${row.team.id}`) ?? null,
          })),
        };
      }),
    updatedAt: toIsoUtc(now) ?? new Date(now).toISOString(),
  };
}

const record = (r: FdTableRow): TeamRecord => ({
  played: r.playedGames,
  won: r.won,
  drawn: r.draw,
  lost: r.lost,
  goalsFor: r.goalsFor,
  goalsAgainst: r.goalsAgainst,
});

const groupName = (group: string | null): string | null => (group ? humanise(group) : null);
