import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { venueOf, withCaptain } from './build-fixture.ts';
import { MatchDay, type SimCompetition, type SimFixture, type SimTeam } from './match-day.ts';
import { Rng, deriveSeed } from './prng.ts';
import { generateMatchScript, type FixedGoal, type ScriptLineup, type Side } from './match-script.ts';
import { buildSquad, pickLineup } from './squad.ts';
import { WORLD } from './teams.ts';

/**
 * Replays a real tournament from an openfootball file (github.com/openfootball, CC0) through the simulated
 * API: same endpoints, same formats, goals at their real minutes (stoppage time included), own goals,
 * penalties, extra time and shoot-outs with their real result.
 *
 * Time is compressed so a month-long tournament plays in an afternoon: matches keep their order, the
 * first kicks off 5 simulated minutes after `startAt`, and each later distinct kick-off time follows the
 * previous one by 45 simulated minutes. Matches that really kicked off together (the last round of a
 * group) still do, and since a match lasts about two hours, two or three are in play at any moment; at the
 * default scale (60) the 2022 World Cup's 64 matches take under an hour of real time.
 *
 * The source has only goals, so that is all the feed shows besides the shoot-out: no made-up cards or
 * substitutions in a real match. Lineups carry the real scorers; the rest of each squad is generated.
 */

const REPLAY_LEAD_MS = 5 * 60_000;
const REPLAY_SPACING_MS = 45 * 60_000;
const WORLD_CUP_LEAGUE_ID = 1;
const OTHER_REPLAY_LEAGUE_ID = 990;
const FIRST_REPLAY_TEAM_ID = 1101;
const FIRST_REPLAY_FIXTURE_ID = 2_000_001;

const PairSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const GoalSchema = z.object({
  name: z.string().min(1),
  minute: z.number().int().min(1).max(130),
  offset: z.number().int().min(0).max(30).optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});
const TeamSchema = z.union([
  z.string().min(1),
  z.object({ name: z.string().min(1) }).transform((t) => t.name),
]);
const MatchSchema = z.object({
  round: z.string().optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z
    .string()
    .regex(/^\d{1,2}:\d{2}/)
    .optional(),
  team1: TeamSchema,
  team2: TeamSchema,
  score: z
    .object({
      ft: PairSchema.optional(),
      ht: PairSchema.optional(),
      et: PairSchema.optional(),
      p: PairSchema.optional(),
    })
    .optional(),
  goals1: z.array(GoalSchema).optional(),
  goals2: z.array(GoalSchema).optional(),
  group: z.string().optional(),
  ground: z.string().optional(),
  status: z.string().optional(),
});
export type OpenfootballMatch = z.infer<typeof MatchSchema>;

const MatchesLayoutSchema = z.object({ name: z.string().min(1), matches: z.array(MatchSchema).min(1) });
const RoundsLayoutSchema = z
  .object({
    name: z.string().min(1),
    rounds: z.array(z.object({ name: z.string(), matches: z.array(MatchSchema) })).min(1),
  })
  .transform((t) => ({
    name: t.name,
    matches: t.rounds.flatMap((r) => r.matches.map((m) => ({ ...m, round: m.round ?? r.name }))),
  }));
export type OpenfootballTournament = z.output<typeof MatchesLayoutSchema>;

/**
 * Validates a parsed openfootball JSON document in either layout openfootball has used (`matches` with a
 * `round` each, or `rounds: [{name, matches}]`); throws one error naming the first problems and where.
 */
export function parseOpenfootballTournament(json: unknown): OpenfootballTournament {
  const rounds = typeof json === 'object' && json !== null && 'rounds' in json;
  const parsed = (rounds ? RoundsLayoutSchema : MatchesLayoutSchema).safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 10)
    .map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`not an openfootball tournament file:\n${problems.join('\n')}`);
}

/** Reads and validates an openfootball file (SIM_REPLAY, --replay); the error names the file. */
export function readOpenfootballFile(path: string): OpenfootballTournament {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read ${path} as JSON (${(err as Error).message})`, { cause: err });
  }
  try {
    return parseOpenfootballTournament(json);
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`, { cause: err });
  }
}

export interface ReplayOptions {
  seed: number;
  startAt: Date;
}

interface PlayedMatch {
  match: OpenfootballMatch;
  ft: [number, number];
  realOrder: string;
}

export function buildReplayMatchDay(
  tournament: OpenfootballTournament,
  { seed, startAt }: ReplayOptions,
): MatchDay {
  // Unplayed matches have no result to replay; postponed ones stay on the schedule as PST.
  const matches: PlayedMatch[] = tournament.matches
    .filter((m) => m.score?.ft !== undefined || isPostponed(m))
    .map((match) => ({
      match,
      ft: match.score?.ft ?? [0, 0],
      realOrder: `${match.date} ${(match.time ?? '23:59').padStart(5, '0')}`,
    }))
    .sort((a, b) => a.realOrder.localeCompare(b.realOrder));

  const national = /world cup|euro|copa am[eé]rica|nations|africa cup|asian cup|gold cup/i.test(
    tournament.name,
  );
  const hasGroups = matches.some((m) => m.match.group !== undefined);
  const knockoutRounds = matches.some((m) => isKnockout(m.match));
  const season = Number(
    /\b(\d{4})\b/.exec(tournament.name)?.[1] ??
      matches[0]?.match.date.slice(0, 4) ??
      startAt.getUTCFullYear(),
  );

  const teamNames = [...new Set(matches.flatMap((m) => [m.match.team1, m.match.team2]))].sort((a, b) =>
    a.localeCompare(b),
  );
  const scorers = new Map<string, Set<string>>(teamNames.map((name) => [name, new Set<string>()]));
  for (const { match } of matches) {
    for (const [goals, team, other] of [
      [match.goals1, match.team1, match.team2],
      [match.goals2, match.team2, match.team1],
    ] as const) {
      // An own goal is listed under the team it counts for; the scorer plays for the other one.
      for (const goal of goals ?? []) scorers.get(goal.owngoal ? other : team)?.add(goal.name);
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
    seasonStart: matches[0]?.match.date ?? `${season}-01-01`,
    seasonEnd: matches.at(-1)?.match.date ?? `${season}-12-31`,
    teams,
    standings: hasGroups ? 'groups' : knockoutRounds ? 'none' : 'table',
    describeRank: (rank) => (hasGroups && rank <= 2 ? `Promotion - ${tournament.name} (Round of 16)` : null),
  };

  const anchorMs = Math.floor(startAt.getTime() / 60_000) * 60_000;
  const slots = [...new Set(matches.map((m) => m.realOrder))];
  const groupGames = new Map<string, number>();
  const fixtures = matches.map(({ match, ft, realOrder }, index): SimFixture => {
    const id = FIRST_REPLAY_FIXTURE_ID + index;
    const home = teamByName.get(match.team1)!;
    const away = teamByName.get(match.team2)!;
    const round = roundName(match, groupGames);
    const goals = fixedGoals(match, ft, home, away, Rng.for(seed, 'replay-goals', id));
    const rng = Rng.for(seed, 'fixture', id);
    const lineups: Record<Side, ScriptLineup> = {
      home: withCaptain(
        pickLineup(
          home.squad,
          rng,
          goals.filter((g) => scorerSide(g) === 'home').map((g) => g.playerId),
        ),
        rng,
      ),
      away: withCaptain(
        pickLineup(
          away.squad,
          rng,
          goals.filter((g) => scorerSide(g) === 'away').map((g) => g.playerId),
        ),
        rng,
      ),
    };
    const p = match.score?.p;
    const script = generateMatchScript({
      seed: deriveSeed(seed, 'script', id),
      lineups,
      knockout: isKnockout(match),
      expectedGoals: { home: 1.2, away: 1.2 },
      fixedGoals: goals,
      fixedShootout: p ? { home: p[0], away: p[1] } : undefined,
      disruption: isPostponed(match) ? { kind: 'postponed' } : undefined,
    });
    const [ground, city] = (match.ground ?? '').split(',').map((s) => s.trim());
    return {
      id,
      competition,
      round,
      group: match.group ?? null,
      kickoffMs: anchorMs + REPLAY_LEAD_MS + slots.indexOf(realOrder) * REPLAY_SPACING_MS,
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

function isPostponed(match: OpenfootballMatch): boolean {
  return /postponed/i.test(match.status ?? '');
}

function isKnockout(match: OpenfootballMatch): boolean {
  if (match.score?.et || match.score?.p) return true;
  if (match.group !== undefined) return false;
  return !/matchday|round \d+$|spieltag|jornada|giornata/i.test(match.round ?? '');
}

/** API-Football's round names: "Group Stage - 2", "Round of 16", "3rd Place Final", "Regular Season - 7". */
function roundName(match: OpenfootballMatch, groupGames: Map<string, number>): string {
  const round = match.round ?? '';
  if (match.group !== undefined) {
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

const scorerSide = (goal: FixedGoal): Side =>
  goal.kind === 'own' ? (goal.side === 'home' ? 'away' : 'home') : goal.side;

/**
 * The match's goals with their scorers' squad ids. Where the source lists none (or a list that does not
 * add up to the score), goals are placed at made-up minutes consistent with the half-time and final scores.
 */
function fixedGoals(
  match: OpenfootballMatch,
  ft: [number, number],
  home: SimTeam,
  away: SimTeam,
  rng: Rng,
): FixedGoal[] {
  const final = match.score?.et ?? ft;
  const listed = [
    ...(match.goals1 ?? []).map((g) => ({ g, side: 'home' as const })),
    ...(match.goals2 ?? []).map((g) => ({ g, side: 'away' as const })),
  ];
  const idOf = (team: SimTeam, name: string) =>
    [...team.squad.firstEleven, ...team.squad.bench].find((p) => p.name === name)?.id ??
    team.squad.firstEleven[10]!.id;
  if (
    listed.filter((l) => l.side === 'home').length === final[0] &&
    listed.filter((l) => l.side === 'away').length === final[1]
  ) {
    return listed.map(({ g, side }): FixedGoal => ({
      side,
      minute: g.minute,
      offset: g.offset ?? null,
      kind: g.owngoal ? 'own' : g.penalty ? 'penalty' : 'normal',
      playerId: idOf(g.owngoal ? (side === 'home' ? away : home) : side === 'home' ? home : away, g.name),
    }));
  }
  const ht = match.score?.ht;
  const goals: FixedGoal[] = [];
  (['home', 'away'] as const).forEach((side, i) => {
    const team = side === 'home' ? home : away;
    const firstHalf = ht ? ht[i]! : 0;
    const regulation = ft[i]!;
    const total = final[i]!;
    for (let n = 0; n < total; n++) {
      const minute = n < firstHalf ? rng.int(1, 45) : n < regulation ? rng.int(46, 90) : rng.int(91, 120);
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
