import { z } from 'zod';

const ApiKitSchema = z.object({
  primary: z.string().nullable(),
  number: z.string().nullable(),
  border: z.string().nullable(),
});

const ApiLineupPlayerSchema = z.object({
  player: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    number: z.number().int().nullable(),
    pos: z.string().nullable(),
    grid: z.string().nullable(),
  }),
});

/** One team's entry of `/fixtures/lineups`, or of a fixture's inline `lineups`. */
export const ApiLineupSchema = z.object({
  team: z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    colors: z
      .object({ player: ApiKitSchema.nullable(), goalkeeper: ApiKitSchema.nullable() })
      .nullable()
      .optional(),
  }),
  formation: z.string().nullable(),
  startXI: z.array(ApiLineupPlayerSchema),
  substitutes: z.array(ApiLineupPlayerSchema),
  coach: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }).nullable(),
});
export type ApiLineup = z.infer<typeof ApiLineupSchema>;
