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
  /** A kick of a penalty shoot-out that went in: not a goal of the match (the shoot-out has its own score). */
  'shootout_scored',
  /** A kick of a penalty shoot-out that was saved or missed. */
  'shootout_missed',
] as const;
export const MatchEventKindSchema = z.enum(MATCH_EVENT_KINDS);
export type MatchEventKind = z.infer<typeof MatchEventKindSchema>;

export const GOAL_KINDS: ReadonlySet<MatchEventKind> = new Set(['goal', 'own_goal', 'penalty_goal']);
export const SHOOTOUT_KINDS: ReadonlySet<MatchEventKind> = new Set(['shootout_scored', 'shootout_missed']);

/**
 * What a VAR review decided, for the outcomes every language has words for; a provider's other wordings
 * leave it unset (the event still says "VAR").
 */
export const VAR_DECISIONS = [
  'goal_cancelled',
  'goal_confirmed',
  'penalty_confirmed',
  'penalty_cancelled',
  'card_upgraded',
  'card_cancelled',
] as const;
export const VarDecisionSchema = z.enum(VAR_DECISIONS);
export type VarDecision = z.infer<typeof VarDecisionSchema>;

export const MatchEventSchema = z.object({
  /** Stable across polls: the same happening keeps its id when a provider corrects its details. */
  id: IdSchema,
  kind: MatchEventKindSchema,
  /** For a shoot-out kick, the minute play ended (120, or 90 when the shoot-out came straight after). */
  minute: z.number().int().min(0).max(200),
  stoppage: z.number().int().min(0).max(60).nullable(),
  /** The team the event counts for (an own goal counts for the opponent of the scorer's team). */
  teamId: IdSchema.nullable(),
  player: PlayerRefSchema.nullable(),
  /** The assist for a goal, the player going off for a substitution. */
  related: PlayerRefSchema.nullable(),
  /** Provider wording, e.g. "Goal cancelled", "Penalty confirmed", "Foul". */
  detail: z.string().nullable(),
  /** A shoot-out kick's place in the shoot-out, both teams counted: 1 for the first kick. */
  kick: z.number().int().min(1).max(99).optional(),
  /** A substitution's number for its team, as the provider counts them ("Substitution 6"). */
  number: z.number().int().min(1).max(20).optional(),
  /** What a VAR review decided, when it is one we can name. */
  decision: VarDecisionSchema.optional(),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

/**
 * Timeline order: by minute, then stoppage, then the order the provider gave; the shoot-out's kicks come
 * after everything played, in kick order (they happen after the last minute, whatever minute they carry).
 */
export const compareEvents = (a: MatchEvent, b: MatchEvent): number =>
  (a.kick ?? 0) - (b.kick ?? 0) || a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0);
