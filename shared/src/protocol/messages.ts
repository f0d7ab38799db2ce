import { z } from 'zod';
import { IdSchema, MatchDeltaSchema, MatchDetailSchema, MatchSchema } from '../domain/index.ts';
import type { ErrorBody } from '../errors/codes.ts';

/** Where a client stands in a match's history: the last delta it applied. */
export const StreamPositionSchema = z.object({
  epoch: z.string().min(1).max(64),
  seq: z.number().int().min(0),
});
export type StreamPosition = z.infer<typeof StreamPositionSchema>;

export const MatchSubscribeSchema = z.strictObject({
  matchId: IdSchema,
  /** Present when the client already holds the match: the server then sends only what it missed. */
  since: StreamPositionSchema.optional(),
});
export type MatchSubscribe = z.infer<typeof MatchSubscribeSchema>;

export const MatchUnsubscribeSchema = z.strictObject({ matchId: IdSchema });
export type MatchUnsubscribe = z.infer<typeof MatchUnsubscribeSchema>;

export const DateSchema = z.iso.date();
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'not an IANA time zone');

export const ScoreboardScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('live') }),
  z.strictObject({ kind: z.literal('date'), date: DateSchema, tz: TimeZoneSchema.default('UTC') }),
  z.strictObject({ kind: z.literal('competition'), competitionId: IdSchema }),
]);
export type ScoreboardScope = z.infer<typeof ScoreboardScopeSchema>;

/** One name per scope: the room a gateway puts its viewers in. */
export const scoreboardRoom = (scope: ScoreboardScope): string => {
  switch (scope.kind) {
    case 'live':
      return 'scoreboard:live';
    case 'date':
      return `scoreboard:date:${scope.date}:${scope.tz}`;
    case 'competition':
      return `scoreboard:competition:${scope.competitionId}`;
  }
};

export const ScoreboardSubscribeSchema = z.strictObject({ scope: ScoreboardScopeSchema });
export type ScoreboardSubscribe = z.infer<typeof ScoreboardSubscribeSchema>;

/** The reply to a match subscription: what the client missed, or a full snapshot to start again from. */
export const MatchSubscribeResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('deltas'),
    epoch: z.string(),
    seq: z.number().int(),
    deltas: z.array(MatchDeltaSchema),
  }),
  z.object({
    kind: z.literal('snapshot'),
    epoch: z.string(),
    seq: z.number().int(),
    detail: MatchDetailSchema,
  }),
]);
export type MatchSubscribeResult = z.infer<typeof MatchSubscribeResultSchema>;

/**
 * A match header as it appears on a scoreboard, with its position in the match's history. A past meeting
 * known only from the provider's head-to-head (not in our store) has an empty epoch and seq 0.
 */
export const ScoreboardEntrySchema = z.object({
  match: MatchSchema,
  epoch: z.string(),
  seq: z.number().int(),
});
export type ScoreboardEntry = z.infer<typeof ScoreboardEntrySchema>;

export const ScoreboardSnapshotSchema = z.object({
  room: z.string(),
  entries: z.array(ScoreboardEntrySchema),
});
export type ScoreboardSnapshot = z.infer<typeof ScoreboardSnapshotSchema>;

/** Pushed to a scoreboard room whenever a match in its scope changes (or leaves it). */
export const ScoreboardUpdateSchema = z.object({
  room: z.string(),
  entry: ScoreboardEntrySchema,
  /** False when the match no longer belongs to the scope (a live match finished). */
  inScope: z.boolean(),
});
export type ScoreboardUpdate = z.infer<typeof ScoreboardUpdateSchema>;

export type Ack<T> = { data: T } | { error: ErrorBody };
export type AckCallback<T> = (response: Ack<T>) => void;
