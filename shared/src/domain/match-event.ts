import { z } from 'zod';
import { IdSchema } from './competition.ts';
import { PlayerRefSchema } from './team.ts';

export const MATCH_EVENT_KINDS = [
  'goal',
  'own_goal',
  'penalty_goal',
  'missed_penalty',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
  'var',
  'period_start',
  'period_end',
] as const;
export const MatchEventKindSchema = z.enum(MATCH_EVENT_KINDS);
export type MatchEventKind = z.infer<typeof MatchEventKindSchema>;

export const GOAL_KINDS: ReadonlySet<MatchEventKind> = new Set(['goal', 'own_goal', 'penalty_goal']);

export const MatchEventSchema = z.object({
  /** Stable across polls: the same happening keeps its id when a provider corrects its details. */
  id: IdSchema,
  kind: MatchEventKindSchema,
  minute: z.number().int().min(0).max(200),
  stoppage: z.number().int().min(0).max(60).nullable(),
  /** The team the event counts for (an own goal counts for the opponent of the scorer's team). */
  teamId: IdSchema.nullable(),
  player: PlayerRefSchema.nullable(),
  /** The assist for a goal, the player going off for a substitution. */
  related: PlayerRefSchema.nullable(),
  /** Provider wording, e.g. "Goal cancelled", "Penalty confirmed", "Foul". */
  detail: z.string().nullable(),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

/** Timeline order: by minute, then stoppage, then the order the provider gave. */
export const compareEvents = (a: MatchEvent, b: MatchEvent): number =>
  a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0);
