import { z } from 'zod';
import { IdSchema } from './competition.ts';
import { PlayerSchema, PlayerRefSchema } from './team.ts';

/** "row:col" as API-Football gives it: row 1 is the goalkeeper, columns count from the left. */
export const GridSchema = z.string().regex(/^\d{1,2}:\d{1,2}$/);

export const LineupPlayerSchema = PlayerSchema.extend({ grid: GridSchema.nullable() });
export type LineupPlayer = z.infer<typeof LineupPlayerSchema>;

const ColourSchema = z.string().regex(/^[0-9a-fA-F]{6}$/);
export const KitSchema = z.object({
  primary: ColourSchema.nullable(),
  number: ColourSchema.nullable(),
  border: ColourSchema.nullable(),
});
export type Kit = z.infer<typeof KitSchema>;

export const LineupSchema = z.object({
  teamId: IdSchema,
  formation: z
    .string()
    .regex(/^\d(-\d){1,5}$/)
    .nullable(),
  startXI: z.array(LineupPlayerSchema).max(11),
  substitutes: z.array(LineupPlayerSchema),
  coach: PlayerRefSchema.nullable(),
  colours: z.object({ player: KitSchema.nullable(), goalkeeper: KitSchema.nullable() }),
});
export type Lineup = z.infer<typeof LineupSchema>;
