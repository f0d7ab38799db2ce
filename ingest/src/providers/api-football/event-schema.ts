import { z } from 'zod';

/** An id/name pair; API-Football leaves both null when it has nobody (an assist-less goal). */
export const ApiPersonSchema = z.object({ id: z.number().int().nullable(), name: z.string().nullable() });
export type ApiPerson = z.infer<typeof ApiPersonSchema>;

/** One entry of `/fixtures/events`, or of a fixture's inline `events`. Note: no id of its own. */
export const ApiEventSchema = z.object({
  time: z.object({ elapsed: z.number().int(), extra: z.number().int().nullable() }),
  team: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    logo: z.string().nullable().optional(),
  }),
  player: ApiPersonSchema,
  assist: ApiPersonSchema,
  type: z.string(),
  detail: z.string().nullable(),
  comments: z.string().nullable(),
});
export type ApiEvent = z.infer<typeof ApiEventSchema>;
