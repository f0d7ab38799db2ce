import {
  MatchDeltaSchema,
  MatchDetailSchema,
  MatchSchema,
  emptyScore,
  type MatchChange,
  type MatchDelta,
  type MatchDetail,
} from '@pitchside/shared/domain';

/**
 * The hot match the benchmark fans out: a schema-valid Match, its MatchDetail snapshot, and
 * the deltas ingest would publish for it (mostly clock ticks, a goal now and then).
 */
export function benchMatchDetail(matchId: string): MatchDetail {
  const match = MatchSchema.parse({
    id: matchId,
    competition: {
      id: 'bench-league',
      name: 'Benchmark League',
      type: 'league',
      country: 'England',
      season: 2025,
      logo: null,
    },
    round: 'Regular Season - 12',
    kickoff: new Date(Date.now() - 30 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    venue: { name: 'Load Test Arena', city: 'Loopback' },
    referee: 'A. Referee',
    status: 'first_half',
    clock: { elapsed: 30, stoppage: null },
    home: { id: 'bench-home', name: 'Fanout United', logo: null },
    away: { id: 'bench-away', name: 'Backpressure City', logo: null },
    score: { ...emptyScore(), current: { home: 0, away: 0 } },
  });
  return MatchDetailSchema.parse({ match, events: [], lineups: [], statistics: [] });
}

/** Every 10th delta is a goal (event_added + score); the rest are clock ticks. */
function changesFor(seq: number): MatchChange[] {
  const minute = 30 + (Math.floor(seq / 10) % 60);
  if (seq % 10 !== 0) return [{ type: 'clock', clock: { elapsed: minute, stoppage: null } }];
  const goals = seq / 10;
  return [
    {
      type: 'event_added',
      event: {
        id: `bench-goal-${seq}`,
        kind: 'goal',
        minute,
        stoppage: null,
        teamId: goals % 2 ? 'bench-home' : 'bench-away',
        player: { id: `bench-player-${goals % 11}`, name: 'Load Tester' },
        related: { id: `bench-player-${(goals + 3) % 11}`, name: 'Assist Maker' },
        detail: 'Normal Goal',
      },
    },
    {
      type: 'score',
      score: { ...emptyScore(), current: { home: Math.ceil(goals / 2), away: Math.floor(goals / 2) } },
    },
  ];
}

/** `at` is integer ms (the schema says so); callers pass the wall clock they publish at. */
export const benchDelta = (matchId: string, epoch: string, seq: number, at: number): MatchDelta => ({
  matchId,
  epoch,
  seq,
  at: Math.round(at),
  changes: changesFor(seq),
});

/** Fail fast if the fixtures drift from the shared schemas: one clock tick and one goal. */
export function assertFixturesValid(matchId: string, epoch: string): void {
  MatchDeltaSchema.parse(benchDelta(matchId, epoch, 1, Date.now()));
  MatchDeltaSchema.parse(benchDelta(matchId, epoch, 10, Date.now()));
}
