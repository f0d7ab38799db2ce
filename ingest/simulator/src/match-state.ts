import { Rng } from './prng.ts';
import {
  SIDES,
  clockReading,
  otherSide,
  type ClockReading,
  type FinalStatus,
  type MatchScript,
  type RunningStatus,
  type ScriptEvent,
  type Side,
  type StoppedStatus,
} from './match-script.ts';
import type { SquadPlayer } from './squad.ts';

/**
 * What a fixture looks like at one simulated instant: status and clock, score, the events so far, the
 * statistics so far. Pure functions of (script, kickoff, instant): asking twice gives the same answer.
 */

export type StatusShort = 'NS' | 'PST' | RunningStatus | StoppedStatus | FinalStatus;

/** `fixture.status.long` as API-Football words it (FT, AET and PEN all read "Match Finished"). */
export const STATUS_LONG: Readonly<Record<StatusShort, string>> = {
  NS: 'Not Started',
  PST: 'Match Postponed',
  '1H': 'First Half',
  HT: 'Halftime',
  '2H': 'Second Half',
  BT: 'Break Time',
  ET: 'Extra Time',
  P: 'Penalty In Progress',
  INT: 'Match Interrupted',
  SUSP: 'Match Suspended',
  FT: 'Match Finished',
  AET: 'Match Finished',
  PEN: 'Match Finished',
  ABD: 'Match Abandoned',
};

/** Statuses `live=all` lists: the ball is in play, or will be again shortly. */
export const IN_PLAY: ReadonlySet<StatusShort> = new Set(['1H', 'HT', '2H', 'BT', 'ET', 'P', 'INT', 'SUSP']);
export const FINISHED: ReadonlySet<StatusShort> = new Set(['FT', 'AET', 'PEN']);

/** Lineups are published an hour (of simulated time) before kickoff, as clubs do. */
export const LINEUPS_BEFORE_KICKOFF_MS = 60 * 60_000;

/**
 * Longer than any script runs from kickoff to its final status (extra time and a shoot-out take under three
 * hours, a suspension less): a match kicked off longer ago than this is over.
 */
export const LONGEST_MATCH_MS = 6 * 60 * 60_000;

/** The part of a fixture the state depends on. */
export interface ScriptedFixture {
  kickoffMs: number;
  script: MatchScript;
}

export interface ScorePair {
  home: number | null;
  away: number | null;
}

export interface FixtureState {
  status: { short: StatusShort; long: string; elapsed: number | null; extra: number | null };
  /** Unix seconds when each half kicked off, null until it has. */
  periods: { first: number | null; second: number | null };
  goals: ScorePair;
  score: { halftime: ScorePair; fulltime: ScorePair; extratime: ScorePair; penalty: ScorePair };
  winner: Record<Side, boolean | null>;
  /** The feed so far, in order; a goal VAR has cancelled is gone from it. */
  events: ScriptEvent[];
  lineupsPublished: boolean;
  /** Simulated ms since kickoff (negative before it). */
  sinceKickoffMs: number;
}

const NULL_PAIR: ScorePair = { home: null, away: null };

export function fixtureStateAt(fixture: ScriptedFixture, nowMs: number): FixtureState {
  const { script } = fixture;
  const t = nowMs - fixture.kickoffMs;
  const status = statusAt(script, t);
  const notStarted = status.short === 'NS' || status.short === 'PST';
  const events = notStarted ? [] : visibleEvents(script, t);

  const count = (periods: readonly ScriptEvent['period'][]): Record<Side, number> => {
    const scored = events.filter((e) => e.scoresFor !== null && periods.includes(e.period));
    return {
      home: scored.filter((e) => e.scoresFor === 'home').length,
      away: scored.filter((e) => e.scoresFor === 'away').length,
    };
  };
  const reached = (mark: number | null) => mark !== null && t >= mark;
  const shootout = {
    home: events.filter((e) => e.shootout && e.side === 'home' && e.detail === 'Penalty').length,
    away: events.filter((e) => e.shootout && e.side === 'away' && e.detail === 'Penalty').length,
  };
  const goals = notStarted ? NULL_PAIR : count(['first', 'second', 'extra-first', 'extra-second']);
  const score = {
    halftime: notStarted ? NULL_PAIR : count(['first']),
    fulltime: reached(script.marks.regulationEndMs) ? count(['first', 'second']) : NULL_PAIR,
    // API-Football's extratime holds the goals of extra time only, not the running total.
    extratime: reached(script.marks.extraTimeStartMs) ? count(['extra-first', 'extra-second']) : NULL_PAIR,
    penalty: reached(script.marks.shootoutStartMs) ? shootout : NULL_PAIR,
  };

  return {
    status,
    periods: {
      first: t >= 0 && script.phases.length > 0 ? Math.floor(fixture.kickoffMs / 1000) : null,
      second: reached(script.marks.secondHalfStartMs)
        ? Math.floor((fixture.kickoffMs + (script.marks.secondHalfStartMs ?? 0)) / 1000)
        : null,
    },
    goals,
    score,
    winner: winnerOf(status.short, goals, score.penalty),
    events,
    lineupsPublished: script.phases.length > 0 && t >= -LINEUPS_BEFORE_KICKOFF_MS,
    sinceKickoffMs: t,
  };
}

function statusAt(script: MatchScript, t: number): FixtureState['status'] {
  const make = (short: StatusShort, reading: ClockReading | null) => ({
    short,
    long: STATUS_LONG[short],
    elapsed: reading?.elapsed ?? null,
    extra: reading?.extra ?? null,
  });
  if (script.postponed) return make('PST', null);
  // No phases: a match never played (a replayed tournament's schedule) stays Not Started.
  if (script.phases.length === 0) return make('NS', null);
  if (t < 0) return make('NS', null);
  if (script.final && t >= script.final.atMs) return make(script.final.status, script.final.reading);
  const phase = script.phases.find((p) => p.startMs <= t && t < p.endMs);
  if (!phase) return make('NS', null);
  if (!phase.running) return make(phase.status, phase.frozen);
  return make(
    phase.status,
    clockReading(phase.running.period, phase.running.firstMinute + Math.floor((t - phase.startMs) / 60_000)),
  );
}

function visibleEvents(script: MatchScript, t: number): ScriptEvent[] {
  return script.events.filter((e) => e.atMs <= t && (e.removedAtMs === null || e.removedAtMs > t));
}

function winnerOf(short: StatusShort, goals: ScorePair, penalty: ScorePair): Record<Side, boolean | null> {
  if (short === 'NS' || short === 'PST' || short === 'ABD' || goals.home === null || goals.away === null) {
    return { home: null, away: null };
  }
  if (short === 'PEN' && penalty.home !== null && penalty.away !== null) {
    return { home: penalty.home > penalty.away, away: penalty.away > penalty.home };
  }
  if (goals.home === goals.away) return { home: null, away: null };
  return { home: goals.home > goals.away, away: goals.away > goals.home };
}

/** The next goal that will stand (or, with `includeCancelled`, any goal) after `nowMs`, for tests and tools. */
export function nextGoal(
  fixture: ScriptedFixture,
  nowMs: number,
  options: { includeCancelled?: boolean } = {},
): { event: ScriptEvent; atMs: number } | null {
  const event = fixture.script.events.find(
    (e) =>
      e.scoresFor !== null &&
      fixture.kickoffMs + e.atMs > nowMs &&
      (options.includeCancelled === true || e.removedAtMs === null),
  );
  return event ? { event, atMs: fixture.kickoffMs + event.atMs } : null;
}

/** Simulated instant (epoch ms) at which the fixture reaches its final status; null if it never plays. */
export function finalWhistleMs(fixture: ScriptedFixture): number | null {
  return fixture.script.final ? fixture.kickoffMs + fixture.script.final.atMs : null;
}

// ---------------------------------------------------------------------------------------------------------
// Team statistics: counted from the script's hidden incidents up to the instant.

export interface TeamStatistics {
  shotsOnGoal: number;
  shotsOffGoal: number;
  totalShots: number;
  blockedShots: number;
  shotsInsideBox: number;
  shotsOutsideBox: number;
  fouls: number;
  corners: number;
  offsides: number;
  /** Percent, the two sides add up to 100. */
  possession: number;
  yellowCards: number;
  redCards: number;
  goalkeeperSaves: number;
  totalPasses: number;
  accuratePasses: number;
  passAccuracy: number;
  expectedGoals: number;
}

/** Minutes of play (stoppage included) between kickoff and `t`. */
function minutesPlayed(script: MatchScript, t: number): number {
  let ms = 0;
  for (const phase of script.phases) {
    if (phase.running) ms += Math.max(0, Math.min(t, phase.endMs) - phase.startMs);
  }
  return ms / 60_000;
}

export function statisticsAt(fixture: ScriptedFixture, nowMs: number): Record<Side, TeamStatistics> | null {
  const { script } = fixture;
  const t = nowMs - fixture.kickoffMs;
  if (script.phases.length === 0 || t < 0) return null;
  const played = minutesPlayed(script, t);
  const events = visibleEvents(script, t);
  const s = script.statistics;
  const shots = s.shots.filter((x) => x.atMs <= t);
  const upTo = <T extends { atMs: number; side: Side }>(list: readonly T[], side: Side) =>
    list.filter((x) => x.atMs <= t && x.side === side).length;
  const drift = (s.possession.amplitude * Math.sin(played / 9 + s.possession.phase)) / (1 + played / 25);
  const homePossession = Math.round(Math.max(25, Math.min(75, s.possession.base + drift)));

  const forSide = (side: Side): TeamStatistics => {
    const own = shots.filter((x) => x.side === side);
    const onTarget = own.filter((x) => x.outcome === 'goal' || x.outcome === 'saved').length;
    const cards = events.filter((e) => e.type === 'Card' && e.side === side);
    const possession = side === 'home' ? homePossession : 100 - homePossession;
    // Passes grow with the minutes played at the side's usual share of the ball, so they never go down.
    const share = side === 'home' ? s.possession.base : 100 - s.possession.base;
    const totalPasses = Math.round(played * s.passRate[side] * (share / 50));
    const accuratePasses = Math.round(totalPasses * s.passAccuracy[side]);
    return {
      shotsOnGoal: onTarget,
      shotsOffGoal: own.filter((x) => x.outcome === 'off').length,
      totalShots: own.length,
      blockedShots: own.filter((x) => x.outcome === 'blocked').length,
      shotsInsideBox: own.filter((x) => x.insideBox).length,
      shotsOutsideBox: own.filter((x) => !x.insideBox).length,
      fouls: upTo(s.fouls, side),
      corners: upTo(s.corners, side),
      offsides: upTo(s.offsides, side),
      possession,
      yellowCards: cards.filter((e) => e.detail === 'Yellow Card' || e.detail === 'Second Yellow card')
        .length,
      redCards: cards.filter((e) => e.detail === 'Red Card' || e.detail === 'Second Yellow card').length,
      goalkeeperSaves: shots.filter((x) => x.side === otherSide(side) && x.outcome === 'saved').length,
      totalPasses,
      accuratePasses,
      passAccuracy: totalPasses === 0 ? 0 : Math.round((accuratePasses / totalPasses) * 100),
      expectedGoals: Math.round(own.reduce((sum, x) => sum + x.xg, 0) * 100) / 100,
    };
  };
  return { home: forSide('home'), away: forSide('away') };
}

// ---------------------------------------------------------------------------------------------------------
// Player statistics (`players` of /fixtures?id=): counted where the script knows, drawn where it does not.

export interface PlayerStatistics {
  player: SquadPlayer;
  side: Side;
  /** Null for a substitute who has not come on. */
  minutes: number | null;
  substitute: boolean;
  captain: boolean;
  rating: number | null;
  offsides: number;
  shots: number;
  shotsOn: number;
  goals: number;
  conceded: number;
  assists: number;
  saves: number;
  passes: number;
  keyPasses: number;
  accuratePasses: number;
  tackles: number;
  blocks: number;
  interceptions: number;
  duels: number;
  duelsWon: number;
  dribbles: number;
  dribblesWon: number;
  dribbledPast: number;
  foulsDrawn: number;
  foulsCommitted: number;
  yellow: number;
  red: number;
  penaltyScored: number;
  penaltyMissed: number;
  penaltySaved: number;
}

export function playerStatisticsAt(
  fixture: ScriptedFixture,
  nowMs: number,
): Record<Side, PlayerStatistics[]> | null {
  const { script } = fixture;
  const t = nowMs - fixture.kickoffMs;
  if (script.phases.length === 0 || t < 0) return null;
  const events = visibleEvents(script, t).filter((e) => !e.shootout);
  const shots = script.statistics.shots.filter((x) => x.atMs <= t);
  const fouls = script.statistics.fouls.filter((x) => x.atMs <= t);
  const offsides = script.statistics.offsides.filter((x) => x.atMs <= t);
  const result: Record<Side, PlayerStatistics[]> = { home: [], away: [] };

  for (const side of SIDES) {
    const lineup = script.lineups[side];
    const squad = [...lineup.startXI.map((s) => s.player), ...lineup.substitutes];
    for (const player of squad) {
      const appearance = script.appearances.find((a) => a.playerId === player.id);
      const from = appearance?.fromMs ?? null;
      const on = from !== null && from <= t;
      const until =
        appearance?.toMs === null || appearance?.toMs === undefined ? t : Math.min(t, appearance.toMs);
      const minutes =
        on && from !== null
          ? Math.max(1, Math.ceil(minutesPlayed(script, until) - minutesPlayed(script, from)))
          : null;
      const mine = <T extends { playerId: number | null }>(list: readonly T[]) =>
        list.filter((x) => x.playerId === player.id);
      const playerEvents = events.filter((e) => e.player.id === player.id);
      const myShots = mine(shots);
      const goals = playerEvents.filter((e) => e.type === 'Goal' && e.scoresFor === side).length;
      const assists = events.filter(
        (e) => e.type === 'Goal' && e.scoresFor === side && e.assist.id === player.id,
      ).length;
      const yellow = playerEvents.filter((e) => e.detail === 'Yellow Card').length;
      const red = playerEvents.filter(
        (e) => e.detail === 'Red Card' || e.detail === 'Second Yellow card',
      ).length;
      const onPitchAt = (atMs: number) =>
        on && from !== null && from <= atMs && (appearance?.toMs === null || atMs < (appearance?.toMs ?? 0));
      const opponentShotsWhileOn = shots.filter((x) => x.side !== side && onPitchAt(x.atMs));
      const conceded =
        player.pos === 'G'
          ? events.filter((e) => e.scoresFor === otherSide(side) && onPitchAt(e.atMs)).length
          : 0;
      const saves = player.pos === 'G' ? opponentShotsWhileOn.filter((x) => x.outcome === 'saved').length : 0;

      // What the script does not track (passes, duels, tackles) is drawn per player from a fixed seed and
      // scaled by minutes, so it grows with the clock and is the same on every request.
      const rng = Rng.for(script.seed, 'player', player.id);
      const per90 = (min: number, max: number) => Math.round(rng.between(min, max) * ((minutes ?? 0) / 90));
      const passShare = { G: [22, 35], D: [45, 80], M: [40, 85], F: [15, 35] }[player.pos] as [
        number,
        number,
      ];
      const passes = per90(...passShare);
      const accuracy = rng.between(0.68, 0.92);
      const duels = per90(4, 16);
      const dribbles = per90(0, player.pos === 'F' || player.pos === 'M' ? 5 : 1);
      const tackles = per90(0, player.pos === 'D' || player.pos === 'M' ? 5 : 1);
      const baseRating = rng.between(6.2, 7.2);
      const ratingValue =
        baseRating +
        goals * 0.9 +
        assists * 0.5 +
        myShots.filter((x) => x.outcome === 'saved').length * 0.1 -
        yellow * 0.3 -
        red * 1.5 +
        saves * 0.2 -
        conceded * 0.3;

      result[side].push({
        player,
        side,
        minutes,
        substitute: appearance?.substitute ?? !lineup.startXI.some((s) => s.player.id === player.id),
        captain: lineup.captainId === player.id,
        rating:
          minutes !== null && minutes >= 5
            ? Math.round(Math.max(4.5, Math.min(9.9, ratingValue)) * 10) / 10
            : null,
        offsides: mine(offsides).length,
        shots: myShots.length,
        shotsOn: myShots.filter((x) => x.outcome === 'goal' || x.outcome === 'saved').length,
        goals,
        conceded,
        assists,
        saves,
        passes,
        keyPasses: per90(0, player.pos === 'M' || player.pos === 'F' ? 3 : 1),
        accuratePasses: Math.round(passes * accuracy),
        tackles,
        blocks: per90(0, player.pos === 'D' ? 2 : 1),
        interceptions: per90(0, player.pos === 'D' ? 3 : 1),
        duels,
        duelsWon: Math.round(duels * rng.between(0.35, 0.65)),
        dribbles,
        dribblesWon: Math.round(dribbles * rng.between(0.3, 0.8)),
        dribbledPast: per90(0, 2),
        foulsDrawn: per90(0, 3),
        foulsCommitted: mine(fouls).length,
        yellow,
        red,
        penaltyScored: playerEvents.filter((e) => e.detail === 'Penalty').length,
        penaltyMissed: playerEvents.filter((e) => e.detail === 'Missed Penalty').length,
        penaltySaved: 0,
      });
    }
  }
  return result;
}
