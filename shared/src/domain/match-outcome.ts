/**
 * How a match ended, in one place: the score on the board (after 90 minutes, or 120 when extra time was
 * played, never with the shoot-out's kicks), the shoot-out and the aggregate beside it, and who won the
 * match or the tie it settles, and by what. The website, the gateway's widget, team form and head-to-head
 * all read a result through this, so a shoot-out or a second leg is told the same way everywhere.
 *
 * Free of zod (types only from the schemas): the embed's small script (web/src/embed) runs it too.
 */
import type { Match, ScorePair } from './match.ts';
import type { MatchEvent } from './match-event.ts';
import { isFinished, type MatchStatus } from './match-status.ts';

export type Side = 'home' | 'away';

/** A score both of whose sides are known. */
export interface Goals {
  home: number;
  away: number;
}

/**
 * What settled a decided match: its score, extra time, a shoot-out, the aggregate of a two-legged tie,
 * away goals (a tie level on aggregate, before the rule was dropped), or a decision off the pitch.
 */
export type DecidedBy = 'score' | 'extra_time' | 'penalties' | 'aggregate' | 'away_goals' | 'awarded';

export interface MatchOutcome {
  /** Goals after 90 minutes, or after 120 once extra time is played; never the shoot-out's. */
  score: ScorePair;
  /** Extra time was played (or is being played). A shoot-out straight after 90 minutes had none. */
  extraTime: boolean;
  /** A shoot-out was held (or is under way), even when the provider sends no score for it. */
  shootout: boolean;
  /** The shoot-out's score, home side first, once it has one. */
  penalties: Goals | null;
  /** Both legs of a two-legged tie added up, this match's home side first, when known. */
  aggregate: Goals | null;
  /** Over, with a result that stands: finished (after 90, extra time or penalties) or awarded. */
  decided: boolean;
  /** Who won the match or, when it settles a tie, the tie; null for a draw and until decided. */
  winner: Side | null;
  /** What settled it, when there is a winner. */
  decidedBy: DecidedBy | null;
  /** The match settles a two-legged tie: its aggregate is known, or who went through is not who won it. */
  tie: boolean;
}

const SHOOTOUT_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>(['penalties', 'finished_pen']);
const EXTRA_TIME_STATUSES: ReadonlySet<MatchStatus> = new Set<MatchStatus>(['extra_time', 'finished_aet']);

const known = (pair: ScorePair | undefined): Goals | null =>
  pair && pair.home !== null && pair.away !== null ? { home: pair.home, away: pair.away } : null;

const leader = (goals: Goals | null): Side | null =>
  goals === null || goals.home === goals.away ? null : goals.home > goals.away ? 'home' : 'away';

/**
 * The board's score: `current` as the adapters keep it. Should a stored match lack it, the 90 minutes
 * and the goals of extra time stand in, so a finished match never shows no score at all.
 */
function boardScore(match: Pick<Match, 'score'>): ScorePair {
  const { current, fulltime, extratime } = match.score;
  if (current.home !== null && current.away !== null) return current;
  const ninety = known(fulltime);
  if (!ninety) return current;
  const extra = known(extratime);
  return extra ? { home: ninety.home + extra.home, away: ninety.away + extra.away } : ninety;
}

export function matchOutcome(match: Pick<Match, 'status' | 'score'>): MatchOutcome {
  const { status } = match;
  const score = boardScore(match);
  const penalties = known(match.score.penalties);
  const aggregate = known(match.score.aggregate);
  const shootout = SHOOTOUT_STATUSES.has(status) || penalties !== null;
  // A shoot-out straight after 90 minutes (a League Cup tie) leaves extra time empty.
  const extraTime = EXTRA_TIME_STATUSES.has(status) || (shootout && known(match.score.extratime) !== null);
  const decided = isFinished(status);
  const said = match.score.winner ?? null;
  const base = { score, extraTime, shootout, penalties, aggregate, decided };
  if (!decided) return { ...base, winner: null, decidedBy: null, tie: aggregate !== null };

  if (status === 'awarded') {
    const winner = said ?? leader(known(score));
    return { ...base, winner, decidedBy: winner ? 'awarded' : null, tie: aggregate !== null };
  }
  if (shootout) {
    const winner = leader(penalties) ?? said;
    return { ...base, winner, decidedBy: winner ? 'penalties' : null, tie: aggregate !== null };
  }
  if (aggregate) {
    // Level on aggregate with no shoot-out: the tie went on away goals, and only the provider knows whose.
    const byAggregate = leader(aggregate);
    const winner = byAggregate ?? said;
    const decidedBy = byAggregate ? 'aggregate' : winner ? 'away_goals' : null;
    return { ...base, winner, decidedBy, tie: true };
  }
  const onTheNight = leader(known(score));
  if (said !== null && said !== onTheNight) {
    // The provider names who went through, and it is not who won the match: a second leg whose first we
    // do not hold.
    return { ...base, winner: said, decidedBy: 'aggregate', tie: true };
  }
  return {
    ...base,
    winner: onTheNight,
    decidedBy: onTheNight ? (extraTime ? 'extra_time' : 'score') : null,
    tie: false,
  };
}

/** The sentences that name a winner (the `outcome` messages of the site's `common` namespace). */
export type OutcomeLineKey =
  | 'penalties'
  | 'penaltiesAggregate'
  | 'penaltiesNoScore'
  | 'extraTime'
  | 'aggregate'
  | 'aggregateExtraTime'
  | 'awayGoals'
  | 'through'
  | 'throughExtraTime'
  | 'awarded';

export interface OutcomeLine {
  key: OutcomeLineKey;
  winner: Side;
  /** Scores from the winner's side: the shoot-out's (`won`, `lost`) and the aggregate's. */
  values: { won?: number; lost?: number; aggregateWon?: number; aggregateLost?: number };
}

const fromSide = (goals: Goals, side: Side): [number, number] =>
  side === 'home' ? [goals.home, goals.away] : [goals.away, goals.home];

/**
 * The sentence that names the winner of a decided match, when the score alone does not say it all: a
 * shoot-out, extra time, a tie settled over two legs, a match awarded. Null for a match won in 90
 * minutes on its own, a draw, and anything not over.
 */
export function outcomeLine(outcome: MatchOutcome): OutcomeLine | null {
  const { winner, decidedBy, aggregate, penalties } = outcome;
  if (!winner || !decidedBy || decidedBy === 'score') return null;
  const agg = aggregate ? fromSide(aggregate, winner) : null;
  const aggValues = agg ? { aggregateWon: agg[0], aggregateLost: agg[1] } : {};
  switch (decidedBy) {
    case 'penalties': {
      if (!penalties) return { key: 'penaltiesNoScore', winner, values: {} };
      const [won, lost] = fromSide(penalties, winner);
      return { key: agg ? 'penaltiesAggregate' : 'penalties', winner, values: { won, lost, ...aggValues } };
    }
    case 'extra_time':
      return { key: 'extraTime', winner, values: {} };
    case 'aggregate':
      if (agg)
        return { key: outcome.extraTime ? 'aggregateExtraTime' : 'aggregate', winner, values: aggValues };
      return { key: outcome.extraTime ? 'throughExtraTime' : 'through', winner, values: {} };
    case 'away_goals':
      return { key: 'awayGoals', winner, values: aggValues };
    case 'awarded':
      return { key: 'awarded', winner, values: {} };
  }
}

/** The short marks beside a score in a list: "AET", the shoot-out ("4–3 pens"), the aggregate. */
export interface ScoreNotes {
  extraTime: boolean;
  penalties: Goals | null;
  aggregate: Goals | null;
}

/** What a list shows beside the score: extra time once it is over, the shoot-out, the aggregate. */
export function scoreNotes(outcome: MatchOutcome): ScoreNotes {
  return {
    // While extra time runs the clock says so; afterwards only this mark does.
    extraTime: outcome.extraTime && (outcome.decided || outcome.shootout),
    penalties: outcome.penalties,
    aggregate: outcome.aggregate,
  };
}

/** One kick of a shoot-out, with the shoot-out's score after it. */
export interface ShootoutKick {
  event: MatchEvent;
  side: Side | null;
  scored: boolean;
  /** The shoot-out's score once this kick was taken, home side first. */
  running: Goals;
}

/**
 * A shoot-out's kicks in the order they were taken, each with the running score. Kicks without a place
 * in the order (a provider that sends none) keep the order they were given, after those that have one.
 */
export function shootoutKicks(events: readonly MatchEvent[], homeTeamId: string): ShootoutKick[] {
  const kicks = events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.kind === 'shootout_scored' || event.kind === 'shootout_missed')
    .sort(
      (a, b) =>
        (a.event.kick ?? Number.MAX_SAFE_INTEGER) - (b.event.kick ?? Number.MAX_SAFE_INTEGER) ||
        a.index - b.index,
    );
  const running: Goals = { home: 0, away: 0 };
  return kicks.map(({ event }) => {
    const side: Side | null = event.teamId === null ? null : event.teamId === homeTeamId ? 'home' : 'away';
    const scored = event.kind === 'shootout_scored';
    if (scored && side) running[side]++;
    return { event, side, scored, running: { ...running } };
  });
}

/** How a shoot-out went for one team: won or lost, and its score from that side when the provider gives one. */
export interface ShootoutResult {
  won: boolean;
  for: number | null;
  against: number | null;
}

/**
 * A finished match's result from one team's side, by the score on the board (after extra time): a match
 * settled on penalties was level, so it is a draw, as league tables and head-to-head records count it;
 * `shootout` says how the penalties went. Null until the match is decided with a score.
 */
export function resultFor(
  match: Pick<Match, 'status' | 'score' | 'home' | 'away'>,
  teamId: string,
): { result: 'W' | 'D' | 'L'; for: number; against: number; shootout: ShootoutResult | null } | null {
  const outcome = matchOutcome(match);
  const score = known(outcome.score);
  if (!outcome.decided || !score) return null;
  const side: Side = match.home.id === teamId ? 'home' : 'away';
  const [own, other] = fromSide(score, side);
  const kicks = outcome.penalties ? fromSide(outcome.penalties, side) : null;
  const shootout =
    outcome.shootout && outcome.winner
      ? { won: outcome.winner === side, for: kicks?.[0] ?? null, against: kicks?.[1] ?? null }
      : null;
  return { result: own > other ? 'W' : own < other ? 'L' : 'D', for: own, against: other, shootout };
}

/**
 * The `outcome` messages of the site's `common` namespace (web/src/locales), as the widget reads them from
 * the message files: the sentences by `OutcomeLineKey`, and `short` for the marks beside a score.
 */
export interface OutcomeMessages {
  short?: { extraTime?: string; penalties?: string; aggregate?: string };
  [key: string]: string | OutcomeMessages['short'];
}

/** i18next's `{{name}}` placeholders, filled: the widget renders without i18next. */
const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * The winner's sentence from the message templates, for renderers without i18next (the gateway's widget
 * page and the embed's script); the web app says the same through i18next (web/src/components/match-outcome).
 */
export function outcomeSentence(
  match: Pick<Match, 'status' | 'score' | 'home' | 'away'>,
  messages: OutcomeMessages,
): string | null {
  const line = outcomeLine(matchOutcome(match));
  const template = line ? messages[line.key] : undefined;
  if (!line || typeof template !== 'string') return null;
  return fill(template, { team: match[line.winner].name, ...line.values });
}

/** The marks beside a score ("AET", "4–3 pens", "agg. 2–2") from the message templates, in that order. */
export function scoreNoteTexts(match: Pick<Match, 'status' | 'score'>, messages: OutcomeMessages): string[] {
  const notes = scoreNotes(matchOutcome(match));
  const short = messages.short ?? {};
  const texts: string[] = [];
  if (notes.extraTime && short.extraTime) texts.push(short.extraTime);
  if (notes.penalties && short.penalties) texts.push(fill(short.penalties, { ...notes.penalties }));
  if (notes.aggregate && short.aggregate) texts.push(fill(short.aggregate, { ...notes.aggregate }));
  return texts;
}
