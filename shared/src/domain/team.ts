import { z } from 'zod';
import { IdSchema } from './competition.ts';

export const TeamSchema = z.object({
  id: IdSchema,
  name: z.string(),
  shortName: z.string().nullable().default(null),
  code: z.string().nullable().default(null),
  country: z.string().nullable().default(null),
  founded: z.number().int().nullable().default(null),
  logo: z.string().nullable(),
  venue: z
    .object({
      name: z.string().nullable(),
      city: z.string().nullable(),
      capacity: z.number().int().nullable(),
    })
    .nullable()
    .default(null),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamRefSchema = TeamSchema.pick({ id: true, name: true, logo: true });
export type TeamRef = z.infer<typeof TeamRefSchema>;

export const PlayerPositionSchema = z.enum(['G', 'D', 'M', 'F']);
export type PlayerPosition = z.infer<typeof PlayerPositionSchema>;

export const PlayerSchema = z.object({
  id: IdSchema.nullable(),
  name: z.string(),
  number: z.number().int().nullable().default(null),
  position: PlayerPositionSchema.nullable().default(null),
});
export type Player = z.infer<typeof PlayerSchema>;

export const PlayerRefSchema = PlayerSchema.pick({ id: true, name: true });
export type PlayerRef = z.infer<typeof PlayerRefSchema>;
