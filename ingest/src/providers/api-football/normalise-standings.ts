import type { Standings, StandingsRow, TeamRecord } from '@pitchside/shared/domain';
import { latestLast } from '../form.ts';
import { toIsoUtc } from '../iso-utc.ts';
import type { ApiStandings, ApiStandingsRow } from './standings-schema.ts';

/**
 * An API-Football `/standings` item as ours: one group per table. A league's single table is named after the
 * league itself ("Premier League"), which says nothing, so it becomes an unnamed group. `updatedAt` is the
 * newest row `update`, or `now` when the provider gives none.
 */
export function normaliseStandings(item: ApiStandings, now: number): Standings {
  const tables = item.league.standings;
  const updates = tables.flat().flatMap((row) => (row.update ? [Date.parse(row.update)] : []));
  const newest = updates.filter(Number.isFinite).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  return {
    competitionId: String(item.league.id),
    season: item.league.season,
    groups: tables.map((rows) => {
      const name = rows[0]?.group ?? null;
      return { name: tables.length === 1 && name === item.league.name ? null : name, rows: rows.map(row) };
    }),
    updatedAt: toIsoUtc(Number.isFinite(newest) ? newest : now) ?? new Date(now).toISOString(),
  };
}

function row(r: ApiStandingsRow): StandingsRow {
  return {
    rank: r.rank,
    team: { id: String(r.team.id), name: r.team.name, logo: r.team.logo },
    points: r.points,
    goalDifference: r.goalsDiff,
    form: latestLast(r.form),
    description: r.description,
    group: r.group,
    total: record(r.all),
    home: record(r.home),
    away: record(r.away),
  };
}

const record = (r: ApiStandingsRow['all']): TeamRecord => ({
  played: r.played,
  won: r.win,
  drawn: r.draw,
  lost: r.lose,
  goalsFor: r.goals.for,
  goalsAgainst: r.goals.against,
});
