import type { MatchEventKind } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import type { Stack } from '@pitchside/test-support/stack';

/**
 * What the browser tests need from the simulated world: a match that is live now, and when its next goal
 * (one that stands) comes. Match ids are the simulator's fixture ids as strings (API-Football numbering).
 */
export interface UpcomingGoal {
  matchId: string;
  /** Simulated instant (epoch ms) at which the goal appears in the feed. */
  atMs: number;
  /** The timeline kind the site shows for it. */
  kind: Extract<MatchEventKind, 'goal' | 'own_goal' | 'penalty_goal'>;
}

/** The live list as the gateway serves it, once ingest has filled it. */
export async function liveEntries(stack: Stack, timeoutMs = 30_000): Promise<ScoreboardEntry[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${stack.url}/api/matches/live`);
    if (response.ok) {
      const { data } = (await response.json()) as { data: ScoreboardEntry[] };
      if (data.length > 0) return data;
    }
    if (Date.now() > deadline) throw new Error('no live match appeared on /api/matches/live');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The next goal of one match, from the simulator's schedule. */
export function nextGoalOf(stack: Stack, matchId: string): UpcomingGoal | null {
  const next = stack.simulator.schedule.nextGoal(Number(matchId), stack.simulator.clock.nowMs());
  if (!next) return null;
  return { matchId, atMs: next.atMs, kind: goalKind(next.event.detail) };
}

/** Of the matches live now (as the site lists them), the one whose next goal comes first. */
export async function liveMatchWithGoalAhead(stack: Stack, among?: readonly string[]): Promise<UpcomingGoal> {
  const ids = among ?? (await liveEntries(stack)).map((e) => e.match.id);
  const goals = ids.map((id) => nextGoalOf(stack, id)).filter((g): g is UpcomingGoal => g !== null);
  const first = goals.sort((a, b) => a.atMs - b.atMs)[0];
  if (!first)
    throw new Error(`none of the live matches ${ids.join(', ')} has a goal ahead (try another seed)`);
  return first;
}

/** Moves simulated time to just after `atMs` (never backwards). */
export function advanceTo(stack: Stack, atMs: number): void {
  const ahead = atMs + 1_000 - stack.simulator.clock.nowMs();
  if (ahead > 0) stack.simulator.clock.advance(ahead);
}

/** API-Football's goal `detail`, as ingest classifies it (normalise-events.ts). */
function goalKind(detail: string): UpcomingGoal['kind'] {
  const d = detail.toLowerCase();
  if (d === 'own goal') return 'own_goal';
  if (d === 'penalty') return 'penalty_goal';
  return 'goal';
}

/** The current score of a match as ingest stored it in Redis (what the gateway will serve). */
export async function storedGoals(stack: Stack, matchId: string): Promise<number> {
  const header = await stack.redis.hget(stack.keys.match(matchId), 'header');
  if (!header) return -1;
  const { score } = JSON.parse(header) as ScoreboardEntry['match'];
  return (score.current.home ?? 0) + (score.current.away ?? 0);
}
