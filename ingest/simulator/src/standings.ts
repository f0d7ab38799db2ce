import type { SimCompetition, SimFixture, SimTeam } from './match-day.ts';
import { FINISHED, fixtureStateAt } from './match-state.ts';

/**
 * League tables computed from the results finished by the instant asked about: a match counts once it
 * reaches FT (AET/PEN), never while in play, as API-Football's tables do. Points are 3 per win, 1 per draw.
 *
 * A table is a tally of results: each team's home and away record and latest results. A simulator that
 * plays a round every day keeps the tally at the end of each day instead of every result since the first
 * round, so a table costs the same on the hundredth day as on the first.
 */

export interface RecordLine {
  played: number;
  win: number;
  draw: number;
  lose: number;
  goalsFor: number;
  goalsAgainst: number;
}

export interface StandingRow {
  rank: number;
  team: SimTeam;
  points: number;
  goalsDiff: number;
  group: string;
  /** Latest result first, at most five: "WDLWW". */
  form: string;
  status: 'up' | 'down' | 'same';
  description: string | null;
  all: RecordLine;
  home: RecordLine;
  away: RecordLine;
}

export interface StandingsTable {
  group: string;
  rows: StandingRow[];
}

/** A finished match as a table counts it: ids and goals only, so a tally holds no fixture or script. */
export interface TableResult {
  homeId: number;
  awayId: number;
  home: number;
  away: number;
  /** Round number of a league round ("Regular Season - 13" -> 13), for the rank before the latest round. */
  round: number;
  kickoffMs: number;
}

export interface TeamTally {
  home: RecordLine;
  away: RecordLine;
  /** Latest result first, at most five. */
  form: string;
}

/** Every team's record so far, by team id; a team without a result is absent. */
export type Tally = ReadonlyMap<number, TeamTally>;

export const EMPTY_TALLY: Tally = new Map();

const EMPTY_LINE: RecordLine = { played: 0, win: 0, draw: 0, lose: 0, goalsFor: 0, goalsAgainst: 0 };

/** The tally with `results` (in kickoff order) added; the one given is left as it was. */
export function addResults(tally: Tally, results: readonly TableResult[]): Tally {
  if (results.length === 0) return tally;
  const next = new Map(tally);
  const add = (teamId: number, venue: 'home' | 'away', scored: number, conceded: number) => {
    const before = next.get(teamId) ?? { home: EMPTY_LINE, away: EMPTY_LINE, form: '' };
    const outcome = scored > conceded ? 'W' : scored < conceded ? 'L' : 'D';
    const line = before[venue];
    next.set(teamId, {
      ...before,
      [venue]: {
        played: line.played + 1,
        win: line.win + (outcome === 'W' ? 1 : 0),
        draw: line.draw + (outcome === 'D' ? 1 : 0),
        lose: line.lose + (outcome === 'L' ? 1 : 0),
        goalsFor: line.goalsFor + scored,
        goalsAgainst: line.goalsAgainst + conceded,
      },
      form: (outcome + before.form).slice(0, 5),
    });
  };
  for (const r of results) {
    add(r.homeId, 'home', r.home, r.away);
    add(r.awayId, 'away', r.away, r.home);
  }
  return next;
}

/**
 * One table from a tally. `before` is the tally before the latest round counted, for each row's
 * up/down arrow; null when nothing has been played yet.
 */
export function rankTable(
  competition: SimCompetition,
  group: string,
  teams: readonly SimTeam[],
  tally: Tally,
  before: Tally | null,
): StandingsTable {
  const previous = before ? rankTeams(teams, before) : null;
  const rows = rankTeams(teams, tally).map((row, index): StandingRow => {
    const rank = index + 1;
    const was = previous ? previous.findIndex((r) => r.team.id === row.team.id) + 1 : rank;
    return {
      ...row,
      rank,
      group,
      status: was === rank ? 'same' : was > rank ? 'up' : 'down',
      description: competition.describeRank(rank, teams.length),
    };
  });
  return { group, rows };
}

/** The result a finished fixture adds to a table at `nowMs`, or null if it has none (yet). */
export function tableResult(fixture: SimFixture, nowMs: number): TableResult | null {
  const state = fixtureStateAt(fixture, nowMs);
  if (!FINISHED.has(state.status.short) || state.goals.home === null || state.goals.away === null)
    return null;
  return {
    homeId: fixture.home.id,
    awayId: fixture.away.id,
    home: state.goals.home,
    away: state.goals.away,
    round: roundNumber(fixture.round),
    kickoffMs: fixture.kickoffMs,
  };
}

/** The tables of a competition from a list of fixtures (a replayed tournament, or any fixed schedule). */
export function computeStandings(
  competition: SimCompetition,
  fixtures: readonly SimFixture[],
  nowMs: number,
): StandingsTable[] {
  if (competition.standings === 'none') return [];
  const results: { group: string | null; result: TableResult }[] = [];
  for (const fixture of fixtures) {
    if (fixture.competition.id !== competition.id || fixture.competition.season !== competition.season)
      continue;
    if (competition.standings === 'groups' && fixture.group === null) continue;
    const result = tableResult(fixture, nowMs);
    if (result) results.push({ group: fixture.group, result });
  }
  results.sort((a, b) => a.result.kickoffMs - b.result.kickoffMs);

  const groups = new Map<string, SimTeam[]>();
  if (competition.standings === 'groups') {
    for (const fixture of fixtures) {
      if (fixture.competition.id !== competition.id || fixture.group === null) continue;
      const teams = groups.get(fixture.group) ?? [];
      for (const team of [fixture.home, fixture.away])
        if (!teams.some((t) => t.id === team.id)) teams.push(team);
      groups.set(fixture.group, teams);
    }
  } else {
    groups.set(competition.name, competition.teams);
  }

  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, teams]) => {
      const inGroup = results
        .filter((r) => competition.standings !== 'groups' || r.group === group)
        .map((r) => r.result);
      const latestRound = Math.max(0, ...inGroup.map((r) => r.round));
      // Without round numbers ("Round of 16") there is no "before the latest round": every arrow is level.
      const before =
        latestRound === 0
          ? null
          : addResults(
              EMPTY_TALLY,
              inGroup.filter((r) => r.round < latestRound),
            );
      return rankTable(competition, group, teams, addResults(EMPTY_TALLY, inGroup), before);
    });
}

type Unranked = Omit<StandingRow, 'rank' | 'group' | 'status' | 'description'>;

function rankTeams(teams: readonly SimTeam[], tally: Tally): Unranked[] {
  const rows = teams.map((team): Unranked => {
    const { home, away, form } = tally.get(team.id) ?? { home: EMPTY_LINE, away: EMPTY_LINE, form: '' };
    const all: RecordLine = {
      played: home.played + away.played,
      win: home.win + away.win,
      draw: home.draw + away.draw,
      lose: home.lose + away.lose,
      goalsFor: home.goalsFor + away.goalsFor,
      goalsAgainst: home.goalsAgainst + away.goalsAgainst,
    };
    return {
      team,
      points: all.win * 3 + all.draw,
      goalsDiff: all.goalsFor - all.goalsAgainst,
      form,
      all,
      home,
      away,
    };
  });
  return rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.goalsDiff - a.goalsDiff ||
      b.all.goalsFor - a.all.goalsFor ||
      a.team.name.localeCompare(b.team.name),
  );
}

function roundNumber(round: string): number {
  const match = /(\d+)\s*$/.exec(round);
  return match ? Number(match[1]) : 0;
}
