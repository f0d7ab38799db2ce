/** The simulated game API (API-Football v3 format): the embedded default upstream of `npm start`. */
export {
  createSimulator,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_REQUESTS_PER_DAY,
  DEFAULT_SEED,
  DEFAULT_TIME_SCALE,
  type Simulator,
  type SimulatorOptions,
} from './simulator.ts';
export { createSimClock, type SimClock, type SimClockOptions } from './sim-clock.ts';
export {
  MatchDay,
  type FixtureRole,
  type SimCompetition,
  type SimFixture,
  type SimTeam,
} from './match-day.ts';
export type { DailyFixtures, FixtureFilter } from './daily-fixtures.ts';
export type {
  ClockReading,
  FinalStatus,
  MatchScript,
  PlayingPeriod,
  ScriptEvent,
  ScriptPhase,
  Side,
} from './match-script.ts';
export {
  FINISHED,
  IN_PLAY,
  LINEUPS_BEFORE_KICKOFF_MS,
  finalWhistleMs,
  fixtureStateAt,
  nextGoal,
  type FixtureState,
  type StatusShort,
} from './match-state.ts';
export {
  parseOpenfootballTournament,
  readOpenfootballFile,
  ReplayFileError,
  type OpenfootballTournament,
} from './openfootball-file.ts';
export {
  BasketballSchedule,
  type BasketballGame,
  type BasketballLeague,
} from './basketball/basketball-schedule.ts';
export { gameStateAt, type BasketballStatus, type GameState } from './basketball/game-state.ts';
