import { pino, type Logger } from 'pino';
import { venueOf, withCaptain } from './build-fixture.ts';
import { MatchDay, type SimCompetition, type SimFixture, type SimTeam } from './match-day.ts';
import {
  generateMatchScript,
  shootoutReachable,
  type FixedGoal,
  type ScriptLineup,
  type Side,
} from './match-script.ts';
import type {
  OpenfootballGoal,
  OpenfootballMatch,
  OpenfootballTournament,
  ScorePair,
} from './openfootball-file.ts';
import { Rng, deriveSeed } from './prng.ts';
import { buildSquad, pickLineup } from './squad.ts';
import { WORLD } from './teams.ts';

/**
 * Replays a real tournament from an openfootball file (read by openfootball-file.ts) through the simulated
 * API: same endpoints, same formats, goals at their real minutes (stoppage time included), own goals,
 * penalties, extra time and shoot-outs with their real result.
 *
 * Time is compressed so a month-long tournament plays in an afternoon: matches keep the order of their real
 * kick-off instants (zones applied: in 2014 Japan v Colombia at "16:00 UTC-4" and Greece v Côte d'Ivoire at
 * "17:00 UTC-3" kicked off together, and still do), the first kicks off 5 simulated minutes after `startAt`,
 * and each later distinct instant follows the previous one by 45 simulated minutes. Since a match lasts
 * about two hours, two or three are in play at any moment; at the default scale (60) the 2022 World Cup's
 * 64 matches take under an hour of real time.
 *
 * The source has only goals, so that is all the feed shows besides the shoot-out: no made-up cards or
 * substitutions in a real match. Lineups carry the real scorers; the rest of each squad is generated.
 *
 * Real files are not always consistent (see `reconcile`): what is replayed is what the file's most
 * specific facts say (its goals, when they add up to its result), and every disagreement is logged.
 * Matches without a result (a schedule such as World Cup 2026's) are listed and never kick off.
 */

const REPLAY_LEAD_MS = 5 * 60_000;
const REPLAY_SPACING_MS = 45 * 60_000;
const WORLD_CUP_LEAGUE_ID = 1;
const OTHER_REPLAY_LEAGUE_ID = 990;
const FIRST_REPLAY_TEAM_ID = 1101;
const FIRST_REPLAY_FIXTURE_ID = 2_000_001;

export interface ReplayOptions {
  seed: number;
  startAt: Date;
  /** Where what the file gets wrong is told (one warning per match and problem). */
  logger?: Logger;
}

/** A goal of the replay: the side it counted for, and the minute it is shown at. */
interface ReplayGoal {
  side: Side;
  goal: OpenfootballGoal;
}

/** What is replayed of one match, once the file's facts are made to agree. */
type Result =
  | { played: false; postponed: boolean }
  | {
      played: true;
      /** The listed goals when they add up to the result; null: goals are placed at made-up minutes. */
      goals: ReplayGoal[] | null;
      /** The scores the made-up goals follow: half time, after 90, and the final one. */
      ht: ScorePair | null;
      regulation: ScorePair;
      final: ScorePair;
      knockout: boolean;
      shootout: ScorePair | null;
    };

export function buildReplayMatchDay(
  tournament: OpenfootballTournament,
  { seed, startAt, logger = pino({ level: 'silent' }) }: ReplayOptions,
): MatchDay {
  const log = logger.child({ module: 'replay', tournament: tournament.name });
  // Matches in the order of their real kick-off instants; the file's order breaks ties.
  const matches = tournament.matches
    .map((match, index) => ({ match, index, result: reconcile(match, (problem) => warn(match, problem)) }))
    .sort((a, b) => a.match.kickoffMs - b.match.kickoffMs || a.index - b.index);
  function warn(match: OpenfootballMatch, problem: string): void {
    log.warn(
      { match: `${match.team1} v ${match.team2}`, at: match.path, problem },
      'replay: the file disagrees with itself',
    );
  }
  const zoneless = matches.filter((m) => m.match.zone === 'utc').length;
  if (zoneless > 0) {
    log.warn(
      { matches: zoneless },
      'replay: kick-off times without a zone, and none known for this tournament: read as UTC',
    );
  }

  const national = /world cup|euro|copa am[eé]rica|nations|africa cup|asian cup|gold cup/i.test(
    tournament.name,
  );
  const hasGroups = matches.some((m) => m.match.group !== null);
  const knockoutRounds = matches.some((m) => isKnockout(m.match));
  const firstDay = new Date(matches[0]?.match.kickoffMs ?? startAt.getTime()).toISOString().slice(0, 10);
  const lastDay = new Date(matches.at(-1)?.match.kickoffMs ?? startAt.getTime()).toISOString().slice(0, 10);
  const season = Number(/\b(\d{4})\b/.exec(tournament.name)?.[1] ?? firstDay.slice(0, 4));

  const teamNames = [...new Set(matches.flatMap((m) => [m.match.team1, m.match.team2]))].sort((a, b) =>
    a.localeCompare(b),
  );
  const scorers = new Map<string, Set<string>>(teamNames.map((name) => [name, new Set<string>()]));
  for (const { match, result } of matches) {
    if (!result.played || !result.goals) continue;
    for (const { side, goal } of result.goals) {
      const counted = side === 'home' ? match.team1 : match.team2;
      const other = side === 'home' ? match.team2 : match.team1;
      // An own goal counts for one side; its scorer plays for the other.
      scorers.get(goal.owngoal ? other : counted)?.add(goal.name);
    }
  }
  const teams: SimTeam[] = teamNames.map((name, index) => {
    const id = FIRST_REPLAY_TEAM_ID + index;
    const rng = Rng.for(seed, 'replay-team', name);
    const hue = rng.int(0, 359);
    return {
      id,
      name,
      code: teamCode(name),
      country: national ? name : WORLD.name,
      founded: null,
      national,
      venue: null,
      squad: buildSquad({
        teamId: id,
        seed,
        nameBank: 'world',
        colors: { primary: hslHex(hue, 0.65, 0.42), secondary: 'ffffff' },
        mustInclude: [...(scorers.get(name) ?? [])],
      }),
      strength: 1,
    };
  });
  const teamByName = new Map(teams.map((t) => [t.name, t]));

  const competition: SimCompetition = {
    id: /world cup/i.test(tournament.name) ? WORLD_CUP_LEAGUE_ID : OTHER_REPLAY_LEAGUE_ID,
    name: tournament.name.replace(/\s*\d{4}(\/\d{2,4})?\s*$/, '') || tournament.name,
    type: knockoutRounds || national ? 'Cup' : 'League',
    country: WORLD,
    season,
    seasonStart: firstDay,
    seasonEnd: lastDay,
    teams,
    standings: hasGroups ? 'groups' : knockoutRounds ? 'none' : 'table',
    describeRank: (rank) => (hasGroups && rank <= 2 ? `Promotion - ${tournament.name} (Round of 16)` : null),
  };

  const anchorMs = Math.floor(startAt.getTime() / 60_000) * 60_000;
  const slots = [...new Set(matches.map((m) => m.match.kickoffMs))];
  const groupGames = new Map<string, number>();
  const fixtures = matches.map(({ match, result }, index): SimFixture => {
    const id = FIRST_REPLAY_FIXTURE_ID + index;
    const home = teamByName.get(match.team1)!;
    const away = teamByName.get(match.team2)!;
    const round = roundName(match, groupGames);
    const rng = Rng.for(seed, 'fixture', id);
    const goals = result.played ? fixedGoals(result, home, away, Rng.for(seed, 'replay-goals', id)) : [];
    const lineups: Record<Side, ScriptLineup> = {
      home: withCaptain(pickLineup(home.squad, rng, scorerIds(goals, 'home')), rng),
      away: withCaptain(pickLineup(away.squad, rng, scorerIds(goals, 'away')), rng),
    };
    const script = generateMatchScript({
      seed: deriveSeed(seed, 'script', id),
      lineups,
      knockout: result.played && result.knockout,
      expectedGoals: { home: 1.2, away: 1.2 },
      fixedGoals: goals,
      fixedShootout:
        result.played && result.shootout ? { home: result.shootout[0], away: result.shootout[1] } : null,
      disruption: result.played
        ? undefined
        : result.postponed
          ? { kind: 'postponed' }
          : { kind: 'not-played' },
    });
    const [ground, city] = (match.ground ?? '').split(',').map((s) => s.trim());
    return {
      id,
      competition,
      round,
      group: match.group,
      kickoffMs: anchorMs + REPLAY_LEAD_MS + slots.indexOf(match.kickoffMs) * REPLAY_SPACING_MS,
      home,
      away,
      venue: ground ? { id: null, name: ground, city: city || null } : venueOf(home),
      referee: null,
      role: 'replay',
      script,
    };
  });
  return new MatchDay(seed, startAt.getTime(), [competition], teams, fixtures);
}

const goalsBy = (goals: readonly ReplayGoal[], side: Side) => goals.filter((g) => g.side === side).length;
const pairOf = (goals: readonly ReplayGoal[]): ScorePair => [goalsBy(goals, 'home'), goalsBy(goals, 'away')];
const same = (a: ScorePair | null, b: ScorePair | null) =>
  a !== null && b !== null && a[0] === b[0] && a[1] === b[1];
const shown = (p: ScorePair | null) => (p ? `${p[0]}-${p[1]}` : 'none');
/** In the 90 minutes: 45+2 is the first half, 90+4 the second, 91 and later extra time. */
const inRegulation = (g: ReplayGoal) => g.goal.minute <= 90;

/**
 * What to replay of one match, from what its file says: the result is the score after 120 when there is
 * one, else the stated score, else (no score at all, as Euro 2020's England v Denmark) the listed goals.
 * Listed goals are replayed when they add up to that result, or do once the two lists are swapped (Euro
 * 2020's Ukraine 0-4 England lists England's goals under Ukraine); else goals are placed at made-up
 * minutes that fit the stated scores. The score after 90 minutes is then what the listed goals say (Euro
 * 2024's Spain 2-1 Germany states 2-1 and has the winner at 119: 1-1, extra time; Euro 2020's Italy v
 * Austria states 1-1 though its three goals came in extra time: 0-0). A shoot-out is replayed as stated
 * when the match is level after 120; a level knockout without one ends level after extra time.
 */
function reconcile(match: OpenfootballMatch, warn: (problem: string) => void): Result {
  const { ft, ht, et, p } = match.score;
  const listed1 = match.goals1 ?? [];
  const listed2 = match.goals2 ?? [];
  const listedCount = listed1.length + listed2.length;
  const postponed = /postponed/i.test(match.status ?? '');
  if (postponed || (ft === null && et === null && p === null && listedCount === 0)) {
    return { played: false, postponed };
  }

  let goals: ReplayGoal[] = [
    ...listed1.map((goal): ReplayGoal => ({ side: 'home', goal })),
    ...listed2.map((goal): ReplayGoal => ({ side: 'away', goal })),
  ];
  const swapped = (): ReplayGoal[] => goals.map((g) => ({ ...g, side: g.side === 'home' ? 'away' : 'home' }));
  let final = et ?? ft;
  if (final === null) {
    final = pairOf(goals);
    warn(`no score: replayed as its goals add up, ${shown(final)}`);
  }

  let useListed: ReplayGoal[] | null = null;
  if (same(pairOf(goals), final)) useListed = goals;
  else if (listedCount > 0 && same(pairOf(swapped()), final)) {
    goals = swapped();
    useListed = goals;
    warn(
      `goals listed under the wrong sides (${shown(pairOf(swapped()))} against a score of ${shown(final)}): swapped`,
    );
  } else if (
    et === null &&
    ft !== null &&
    same(pairOf(goals.filter(inRegulation)), ft) &&
    listedCount > ft[0] + ft[1]
  ) {
    // A score after 90 and more goals after it, but no score after 120: the goals tell extra time.
    final = pairOf(goals);
    useListed = goals;
    warn(`goals in extra time but no score after 120 minutes: replayed as its goals add up, ${shown(final)}`);
  } else if (listedCount > 0 || match.goals1 !== null || match.goals2 !== null) {
    if (listedCount > 0 || final[0] + final[1] > 0) {
      warn(
        `its goals (${shown(pairOf(goals))}) do not add up to its score (${shown(final)}): goals placed at made-up minutes`,
      );
    }
  }

  let knockout = isKnockout(match);
  let regulation: ScorePair;
  if (useListed) {
    regulation = pairOf(useListed.filter(inRegulation));
    const level = regulation[0] === regulation[1];
    const extraTimeGoals = useListed.some((g) => !inRegulation(g));
    if (extraTimeGoals && !(knockout && level)) {
      // No extra time was played: a "95" is 90+5.
      warn(`goals after the 90th minute in a match without extra time: read as stoppage time`);
      useListed = useListed.map((g) =>
        inRegulation(g)
          ? g
          : { ...g, goal: { ...g.goal, minute: 90, offset: g.goal.minute - 90 + (g.goal.offset ?? 0) } },
      );
      regulation = pairOf(useListed);
    }
    const stated = et !== null || extraTimeGoals ? ft : null;
    if (stated !== null && !same(stated, regulation)) {
      warn(
        `the score after 90 minutes says ${shown(stated)}, its goals ${shown(regulation)}: the goals are replayed`,
      );
    }
  } else {
    regulation = et !== null && ft !== null ? ft : final;
    if (et !== null && !(knockout && regulation[0] === regulation[1])) {
      warn(
        `a score after extra time (${shown(et)}) though the 90 minutes did not end level: replayed as ${shown(final)} after 90`,
      );
      regulation = final;
    }
  }

  const levelAfter120 = final[0] === final[1] && regulation[0] === regulation[1];
  let shootout: ScorePair | null = null;
  if (p !== null) {
    if (!levelAfter120) warn(`a shoot-out (${shown(p)}) though the match did not end level: left out`);
    else if (!knockout) knockout = true;
    if (levelAfter120) {
      shootout = p;
      if (!shootoutReachable({ home: p[0], away: p[1] })) {
        warn(`no shoot-out by the rules ends ${shown(p)}: its kicks are replayed without them`);
      }
    }
  } else if (knockout && levelAfter120) {
    warn(`level after extra time with no shoot-out: replayed as a draw after extra time`);
  }
  return { played: true, goals: useListed, ht, regulation, final, knockout, shootout };
}

/** The goals to play, with their scorers' squad ids; made up where the file's list is unusable. */
function fixedGoals(
  result: Extract<Result, { played: true }>,
  home: SimTeam,
  away: SimTeam,
  rng: Rng,
): FixedGoal[] {
  const idOf = (team: SimTeam, name: string) =>
    [...team.squad.firstEleven, ...team.squad.bench].find((p) => p.name === name)?.id ??
    team.squad.firstEleven[10]!.id;
  if (result.goals) {
    return result.goals.map(({ side, goal }): FixedGoal => {
      const scorerTeam = goal.owngoal ? (side === 'home' ? away : home) : side === 'home' ? home : away;
      return {
        side,
        minute: goal.minute,
        offset: goal.offset,
        kind: goal.owngoal ? 'own' : goal.penalty ? 'penalty' : 'normal',
        playerId: idOf(scorerTeam, goal.name),
      };
    });
  }
  const goals: FixedGoal[] = [];
  (['home', 'away'] as const).forEach((side, i) => {
    const team = side === 'home' ? home : away;
    const firstHalf = Math.min(result.ht?.[i] ?? 0, result.regulation[i]!);
    for (let n = 0; n < result.final[i]!; n++) {
      const minute =
        n < firstHalf ? rng.int(1, 45) : n < result.regulation[i]! ? rng.int(46, 90) : rng.int(91, 120);
      goals.push({
        side,
        minute,
        offset: null,
        kind: 'normal',
        playerId: rng.pick(team.squad.firstEleven.slice(1)).id,
      });
    }
  });
  return goals;
}

const scorerIds = (goals: readonly FixedGoal[], side: Side): number[] =>
  goals
    .filter((g) => (g.kind === 'own' ? (g.side === 'home' ? 'away' : 'home') : g.side) === side)
    .map((g) => g.playerId);

function isKnockout(match: OpenfootballMatch): boolean {
  if (match.knockout !== null) return match.knockout;
  if (match.score.et || match.score.p) return true;
  if (match.group !== null) return false;
  return !/matchday|round \d+$|spieltag|jornada|giornata/i.test(match.round);
}

/** API-Football's round names: "Group Stage - 2", "Round of 16", "3rd Place Final", "Regular Season - 7". */
function roundName(match: OpenfootballMatch, groupGames: Map<string, number>): string {
  const round = match.round;
  if (match.group !== null) {
    const key = `${match.group}|${match.team1}`;
    const game = (groupGames.get(key) ?? 0) + 1;
    groupGames.set(key, game);
    groupGames.set(`${match.group}|${match.team2}`, game);
    return `Group Stage - ${game}`;
  }
  if (/third place/i.test(round)) return '3rd Place Final';
  const matchday = /^matchday\s+(\d+)$/i.exec(round);
  if (matchday) return `Regular Season - ${matchday[1]}`;
  return round || 'Regular Season';
}

function teamCode(name: string): string {
  const letters = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.slice(0, 3).padEnd(3, 'X');
}

function hslHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `${channel(0)}${channel(8)}${channel(4)}`;
}
