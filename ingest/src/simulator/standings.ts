import type { SimCompetition, SimFixture, SimTeam } from './match-day.ts';
import { FINISHED, fixtureStateAt } from './match-state.ts';

/**
 * League tables computed from the results finished by the instant asked about: a match counts once it
 * reaches FT (AET/PEN), never while in play, as API-Football's tables do. Points are 3 per win, 1 per draw.
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

interface Result {
  fixture: SimFixture;
  home: number;
  away: number;
  /** Round number of a league round ("Regular Season - 13" -> 13), for the rank before the latest round. */
  round: number;
}

export function computeStandings(
  competition: SimCompetition,
  fixtures: readonly SimFixture[],
  nowMs: number,
): StandingsTable[] {
  if (competition.standings === 'none') return [];
  const results: Result[] = [];
  for (const fixture of fixtures) {
    if (fixture.competition.id !== competition.id || fixture.competition.season !== competition.season)
      continue;
    if (competition.standings === 'groups' && fixture.group === null) continue;
    const state = fixtureStateAt(fixture, nowMs);
    if (!FINISHED.has(state.status.short) || state.goals.home === null || state.goals.away === null) continue;
    results.push({
      fixture,
      home: state.goals.home,
      away: state.goals.away,
      round: roundNumber(fixture.round),
    });
  }
  results.sort((a, b) => a.fixture.kickoffMs - b.fixture.kickoffMs);

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
      const inGroup = results.filter((r) => competition.standings !== 'groups' || r.fixture.group === group);
      const latestRound = Math.max(0, ...inGroup.map((r) => r.round));
      const before = rankTeams(
        teams,
        inGroup.filter((r) => r.round < latestRound),
      );
      const rows = rankTeams(teams, inGroup).map((row, index): StandingRow => {
        const rank = index + 1;
        const previous = before.findIndex((r) => r.team.id === row.team.id) + 1;
        return {
          ...row,
          rank,
          group,
          status: latestRound === 0 || previous === rank ? 'same' : previous > rank ? 'up' : 'down',
          description: competition.describeRank(rank, teams.length),
        };
      });
      return { group, rows };
    });
}

type Unranked = Omit<StandingRow, 'rank' | 'group' | 'status' | 'description'>;

function rankTeams(teams: readonly SimTeam[], results: readonly Result[]): Unranked[] {
  const rows = teams.map((team): Unranked => {
    const home = line(
      results.filter((r) => r.fixture.home.id === team.id).map((r) => [r.home, r.away] as const),
    );
    const away = line(
      results.filter((r) => r.fixture.away.id === team.id).map((r) => [r.away, r.home] as const),
    );
    const all: RecordLine = {
      played: home.played + away.played,
      win: home.win + away.win,
      draw: home.draw + away.draw,
      lose: home.lose + away.lose,
      goalsFor: home.goalsFor + away.goalsFor,
      goalsAgainst: home.goalsAgainst + away.goalsAgainst,
    };
    const form = results
      .filter((r) => r.fixture.home.id === team.id || r.fixture.away.id === team.id)
      .slice(-5)
      .reverse()
      .map((r) => {
        const [mine, theirs] = r.fixture.home.id === team.id ? [r.home, r.away] : [r.away, r.home];
        return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
      })
      .join('');
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

function line(scores: readonly (readonly [number, number])[]): RecordLine {
  return {
    played: scores.length,
    win: scores.filter(([f, a]) => f > a).length,
    draw: scores.filter(([f, a]) => f === a).length,
    lose: scores.filter(([f, a]) => f < a).length,
    goalsFor: scores.reduce((sum, [f]) => sum + f, 0),
    goalsAgainst: scores.reduce((sum, [, a]) => sum + a, 0),
  };
}

function roundNumber(round: string): number {
  const match = /(\d+)\s*$/.exec(round);
  return match ? Number(match[1]) : 0;
}
