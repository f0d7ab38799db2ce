import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Reads an openfootball tournament file (github.com/openfootball, CC0) in every layout in use, and refuses
 * one it cannot read with the JSON path of each problem (`rounds[3].matches[2].score.ft: expected two
 * numbers`). Reading is only reading: what the file says, in one shape. Whether it adds up (a score its
 * goals contradict, goals listed under the wrong side) is the replay's business (replay-openfootball.ts),
 * which replays what it can and logs the rest.
 *
 * The layouts:
 * - flat: `{name, matches: [{round, date, time, team1, team2, score: {ft, ht, et, p}, goals1, goals2}]}`
 *   (World Cup 2014, 2022, 2026);
 * - rounds: `{name, rounds: [{name, matches}]}` with `team1: {name, code}` and either the same `score`
 *   object (Euro 2024) or `score1`/`score2`, `score1i` (half time), `score1et`, `score1p` (World Cup 2018,
 *   Euro 2020).
 *
 * Goal minutes are numbers with an optional `offset` (`{minute: 90, offset: 4}`), or strings (`"90+4"`).
 * Kick-off times carry their zone (`"17:00 UTC-3"`), or sit beside a `timezone` (`"UTC+3"`), or have none:
 * then the tournament's documented zone is used (see TOURNAMENT_ZONES), else UTC.
 */

export type ScorePair = readonly [number, number];

/** A goal as listed: "90+4" is `{minute: 90, offset: 4}`. */
export interface OpenfootballGoal {
  name: string;
  minute: number;
  offset: number | null;
  penalty: boolean;
  owngoal: boolean;
}

export interface OpenfootballMatch {
  /** Where the match is in the file (`rounds[3].matches[2]`), for every message about it. */
  path: string;
  round: string;
  group: string | null;
  /** The kick-off instant (UTC ms) as far as the file tells it; see `kickoffFrom`. */
  kickoffMs: number;
  /** Where the kick-off's zone came from: the time itself or `timezone`, the tournament's, or none (UTC). */
  zone: 'file' | 'tournament' | 'utc';
  /** False when the file gives a date only: the match is placed at noon of that day. */
  timeKnown: boolean;
  team1: string;
  team2: string;
  ground: string | null;
  status: string | null;
  /** The file's own `knockout` flag (World Cup 2018), else null. */
  knockout: boolean | null;
  /**
   * The score as the file states it, whichever layout: `ft` after 90 minutes (though files put the score
   * after 120 there when they give no `et`), `ht` at half time, `et` after 120 (cumulative), `p` the
   * shoot-out. Null where the file says nothing.
   */
  score: { ft: ScorePair | null; ht: ScorePair | null; et: ScorePair | null; p: ScorePair | null };
  /**
   * The goals listed for each side, an own goal under the side it counted for (openfootball's rule in every
   * file); null when the file has no list at all.
   */
  goals1: OpenfootballGoal[] | null;
  goals2: OpenfootballGoal[] | null;
}

export interface OpenfootballTournament {
  name: string;
  matches: OpenfootballMatch[];
}

/** A file the replay cannot read; `problems` name each place (`matches[4].date: expected …`). */
export class ReplayFileError extends Error {
  readonly code = 'simulator:replay-file';

  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source} is not an openfootball tournament the replay can read: ${problems.join('; ')}`);
    this.name = 'ReplayFileError';
  }
}

/** At most this many problems are named: a file wrong everywhere is refused all the same. */
const MAX_PROBLEMS = 10;

/**
 * Zones of tournaments whose files give times without one, as their kick-offs were published (checked
 * against the real kick-offs: Qatar v Ecuador "19:00" was 16:00 UTC; Euro 2020's Wales v Switzerland in
 * Baku "15:00" was 15:00 CEST, 17:00 in Baku: UEFA published every Euro 2020 kick-off in CEST).
 */
const TOURNAMENT_ZONES: readonly { name: RegExp; offsetMinutes: number }[] = [
  { name: /world cup 2022/i, offsetMinutes: 180 },
  { name: /world cup 2018/i, offsetMinutes: 180 },
  { name: /euro 20(16|20|21|24)/i, offsetMinutes: 120 },
];

const show = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/** A score pair: two whole numbers, or null/absent for "not given". */
const Pair = z
  .unknown()
  .optional()
  .transform((value, ctx): ScorePair | null => {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n) && n >= 0)) {
      return [value[0] as number, value[1] as number];
    }
    ctx.addIssue({ code: 'custom', message: `expected two numbers, got ${show(value)}` });
    return z.NEVER;
  });

/** One side's count in the rounds layout (`score1`, `score2i`…): a whole number, or null/absent. */
const Count = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    if (Number.isInteger(value) && (value as number) >= 0) return value as number;
    ctx.addIssue({ code: 'custom', message: `expected a number, got ${show(value)}` });
    return z.NEVER;
  });

const MINUTE = /^\s*(\d{1,3})\s*(?:\+\s*(\d{1,2}))?\s*'?\s*$/;

const Minute = z
  .unknown()
  .optional()
  .transform((value, ctx): { minute: number; offset: number | null } => {
    if (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 130) {
      return { minute: value as number, offset: null };
    }
    const m = typeof value === 'string' ? MINUTE.exec(value) : null;
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= 130) {
      return { minute: Number(m[1]), offset: m[2] === undefined ? null : Number(m[2]) };
    }
    ctx.addIssue({ code: 'custom', message: `expected a minute such as 67 or "45+2", got ${show(value)}` });
    return z.NEVER;
  });

const Offset = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    if (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 30) return value as number;
    ctx.addIssue({ code: 'custom', message: `expected added minutes from 0 to 30, got ${show(value)}` });
    return z.NEVER;
  });

const Flag = z
  .unknown()
  .optional()
  .transform((value, ctx): boolean => {
    if (value === null || value === undefined) return false;
    if (typeof value === 'boolean') return value;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got ${show(value)}` });
    return z.NEVER;
  });

const Goal = z
  .object({
    name: z
      .string({ error: 'expected the scorer\u2019s name' })
      .trim()
      .min(1, 'expected the scorer\u2019s name'),
    minute: Minute,
    offset: Offset,
    penalty: Flag,
    owngoal: Flag,
  })
  .transform((g): OpenfootballGoal => ({
    name: g.name,
    minute: g.minute.minute,
    // "90+4" as a string, or 90 with `offset: 4`; a number `offset` beside a string "90+4" says the same.
    offset: g.offset ?? g.minute.offset,
    penalty: g.penalty,
    owngoal: g.owngoal,
  }));

const Goals = z
  .unknown()
  .optional()
  .transform((value, ctx): OpenfootballGoal[] | null => {
    if (value === null || value === undefined) return null;
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a list of goals, got ${show(value)}` });
      return z.NEVER;
    }
    const goals: OpenfootballGoal[] = [];
    value.forEach((raw, i) => {
      const parsed = Goal.safeParse(raw);
      if (parsed.success) goals.push(parsed.data);
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ ...issue, path: [i, ...issue.path] } as never);
    });
    return goals;
  });

const Team = z
  .unknown()
  .optional()
  .transform((value, ctx): string => {
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'object' && value !== null && 'name' in value) {
      const name = (value as { name: unknown }).name;
      if (typeof name === 'string' && name.trim()) return name.trim();
    }
    ctx.addIssue({ code: 'custom', message: `expected a team name or {"name": …}, got ${show(value)}` });
    return z.NEVER;
  });

const Day = z
  .unknown()
  .optional()
  .transform((value, ctx): string => {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const at = new Date(`${value}T00:00:00Z`);
      if (!Number.isNaN(at.getTime()) && at.toISOString().startsWith(value)) return value;
    }
    ctx.addIssue({ code: 'custom', message: `expected a date such as "2014-06-12", got ${show(value)}` });
    return z.NEVER;
  });

const ZONE = /^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i;
const zoneMinutes = (sign: string, hours: string, minutes: string | undefined): number =>
  (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0));

const Time = z
  .unknown()
  .optional()
  .transform((value, ctx): { hhmm: string; offsetMinutes: number | null } | null => {
    if (value === null || value === undefined) return null;
    const m =
      typeof value === 'string'
        ? /^\s*(\d{1,2}):(\d{2})(?:\s+((?:UTC|GMT)\s*[+-]\s*\d{1,2}(?::?\d{2})?))?\s*$/i.exec(value)
        : null;
    if (m && Number(m[1]) <= 23 && Number(m[2]) <= 59) {
      const zone = m[3] ? ZONE.exec(m[3].replace(/\s+/g, '')) : null;
      return {
        hhmm: `${m[1]!.padStart(2, '0')}:${m[2]}`,
        offsetMinutes: zone ? zoneMinutes(zone[1]!, zone[2]!, zone[3]) : null,
      };
    }
    ctx.addIssue({
      code: 'custom',
      message: `expected a time such as "18:00" or "17:00 UTC-3", got ${show(value)}`,
    });
    return z.NEVER;
  });

const TimeZone = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    const m = typeof value === 'string' ? ZONE.exec(value.trim().replace(/\s+/g, '')) : null;
    if (m) return zoneMinutes(m[1]!, m[2]!, m[3]);
    ctx.addIssue({ code: 'custom', message: `expected a zone such as "UTC+3", got ${show(value)}` });
    return z.NEVER;
  });

const Text = z
  .unknown()
  .optional()
  .transform((value, ctx): string | null => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return value.trim() || null;
    if (typeof value === 'number') return String(value);
    ctx.addIssue({ code: 'custom', message: `expected text, got ${show(value)}` });
    return z.NEVER;
  });

const Match = z.object({
  round: Text,
  date: Day,
  time: Time,
  timezone: TimeZone,
  team1: Team,
  team2: Team,
  score: z
    .object({ ft: Pair, ht: Pair, et: Pair, p: Pair })
    .nullish()
    .transform((s) => s ?? { ft: null, ht: null, et: null, p: null }),
  score1: Count,
  score2: Count,
  score1i: Count,
  score2i: Count,
  score1et: Count,
  score2et: Count,
  score1p: Count,
  score2p: Count,
  goals1: Goals,
  goals2: Goals,
  group: Text,
  ground: Text,
  stadium: z.object({ name: Text }).nullish(),
  city: Text,
  status: Text,
  knockout: z.boolean({ error: 'expected true or false' }).nullish(),
});
type RawMatch = z.output<typeof Match>;

/** A pair from the rounds layout's two fields; one without the other is a problem at the missing one. */
function pairOf(
  raw: RawMatch,
  one: 'score1' | 'score1i' | 'score1et' | 'score1p',
  two: 'score2' | 'score2i' | 'score2et' | 'score2p',
  problems: { path: (string | number)[]; message: string }[],
): ScorePair | null {
  const [a, b] = [raw[one], raw[two]];
  if (a === null && b === null) return null;
  if (a !== null && b !== null) return [a, b];
  const missing = a === null ? one : two;
  problems.push({ path: [missing], message: `expected a number beside ${a === null ? two : one}` });
  return null;
}

/** What this module has read already: handing it back (the simulator's config reads, the simulator plays) is no new read. */
const alreadyRead = new WeakSet<object>();

/** A JSON path as people write it: `rounds[3].matches[2].score.ft`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/**
 * An openfootball document, already parsed from JSON, as the replay reads it; throws a `ReplayFileError`
 * naming the first problems (their JSON paths) when it cannot be read. `source` names the file in messages.
 */
export function parseOpenfootballTournament(
  json: unknown,
  source = 'the replay file',
): OpenfootballTournament {
  if (typeof json === 'object' && json !== null && alreadyRead.has(json))
    return json as OpenfootballTournament;
  const problems: string[] = [];
  const fail = (path: readonly PropertyKey[], message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(`${jsonPath(path) || '(the document)'}: ${message}`);
  };

  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ReplayFileError(source, [
      `(the document): expected an object with "name" and "matches" or "rounds", got ${show(json)}`,
    ]);
  }
  const doc = json as Record<string, unknown>;
  const name = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : null;
  if (!name) fail(['name'], `expected the tournament's name, got ${show(doc.name)}`);

  // Every match with the path it sits at and the round it belongs to.
  const listed: { path: (string | number)[]; raw: unknown; roundName: string | null }[] = [];
  if (Array.isArray(doc.rounds)) {
    doc.rounds.forEach((round: unknown, r) => {
      const roundNode =
        typeof round === 'object' && round !== null ? (round as Record<string, unknown>) : null;
      if (!roundNode || !Array.isArray(roundNode.matches)) {
        fail(
          ['rounds', r, 'matches'],
          `expected a list of matches, got ${show(roundNode?.matches ?? round)}`,
        );
        return;
      }
      const roundName = typeof roundNode.name === 'string' ? roundNode.name : null;
      roundNode.matches.forEach((raw: unknown, m) =>
        listed.push({ path: ['rounds', r, 'matches', m], raw, roundName }),
      );
    });
  } else if (Array.isArray(doc.matches)) {
    doc.matches.forEach((raw: unknown, m) => listed.push({ path: ['matches', m], raw, roundName: null }));
  } else {
    fail(['matches'], 'expected a list of matches ("matches", or "rounds" with theirs)');
  }
  if (listed.length === 0 && problems.length === 0) fail(['matches'], 'expected at least one match');

  const tournamentZone = TOURNAMENT_ZONES.find((z) => z.name.test(name ?? ''))?.offsetMinutes ?? null;
  const matches: OpenfootballMatch[] = [];
  for (const { path, raw, roundName } of listed) {
    const parsed = Match.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const message =
          issue.code === 'invalid_type' && issue.path.length === 0
            ? `expected a match object, got ${show(raw)}`
            : issue.message;
        fail([...path, ...issue.path], message);
      }
      continue;
    }
    const m = parsed.data;
    const local: { path: (string | number)[]; message: string }[] = [];
    const score = {
      ft: m.score.ft ?? pairOf(m, 'score1', 'score2', local),
      ht: m.score.ht ?? pairOf(m, 'score1i', 'score2i', local),
      et: m.score.et ?? pairOf(m, 'score1et', 'score2et', local),
      p: m.score.p ?? pairOf(m, 'score1p', 'score2p', local),
    };
    for (const problem of local) fail([...path, ...problem.path], problem.message);
    if (local.length > 0) continue;

    const fileZone = m.time?.offsetMinutes ?? m.timezone;
    const offsetMinutes = fileZone ?? tournamentZone ?? 0;
    // A match with a date only is placed at noon: its day is right, its order within the day a guess.
    const localMs = Date.parse(`${m.date}T${m.time?.hhmm ?? '12:00'}:00Z`);
    matches.push({
      path: jsonPath(path),
      round: m.round ?? roundName ?? '',
      group: m.group,
      kickoffMs: localMs - offsetMinutes * 60_000,
      zone: fileZone !== null ? 'file' : tournamentZone !== null ? 'tournament' : 'utc',
      timeKnown: m.time !== null,
      team1: m.team1,
      team2: m.team2,
      ground: m.ground ?? ([m.stadium?.name, m.city].filter(Boolean).join(', ') || null),
      status: m.status,
      knockout: m.knockout ?? null,
      score,
      goals1: m.goals1,
      goals2: m.goals2,
    });
  }
  if (problems.length > 0) throw new ReplayFileError(source, problems);
  const tournament = { name: name!, matches };
  alreadyRead.add(tournament);
  return tournament;
}

/** Reads and parses an openfootball file (SIM_REPLAY, --replay); every error names the file. */
export function readOpenfootballFile(path: string): OpenfootballTournament {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ReplayFileError(path, [`(the document): cannot be read as JSON (${(err as Error).message})`]);
  }
  return parseOpenfootballTournament(json, path);
}
