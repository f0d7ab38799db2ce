import { z } from 'zod';
import { isValidTimeZone } from './api-football-format.ts';

/**
 * Query parameters of the simulated endpoints, validated the way API-Football does: every problem is an
 * entry of the `errors` object, keyed by the parameter, worded like the real API ("The Page field do not
 * exist." for an unknown one, see SOURCES.md of the samples), and the answer is still HTTP 200.
 */

export type ParamRules = Readonly<Record<string, z.ZodType<string>>>;

const field = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export const integer = (name: string) =>
  z.string().regex(/^\d{1,10}$/, `The ${field(name)} field must contain an integer.`);

export const season = () =>
  z.string().regex(/^\d{4}$/, 'The Season field must contain 4 characters. Example: 2019');

export const date = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field(name)} field must contain a valid date. Example: 2019-01-31`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        message: `The ${field(name)} field must contain a valid date. Example: 2019-01-31`,
      },
    );

export const idList = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}(-\d{1,10})*$/, `The ${field(name)} field must contain ids separated by "-".`)
    .refine((value) => value.split('-').length <= max, {
      message: `The ${field(name)} field must contain at most ${max} ids.`,
    });

export const live = () =>
  z
    .string()
    .regex(
      /^(all|\d{1,10}(-\d{1,10})*)$/,
      'The Live field must contain "all" or league ids separated by "-".',
    );

export const h2h = () =>
  z
    .string()
    .regex(/^\d{1,10}-\d{1,10}$/, 'The H2h field must contain two team ids separated by "-". Example: 33-34');

export const STATUS_CODES = [
  'TBD',
  'NS',
  '1H',
  'HT',
  '2H',
  'ET',
  'BT',
  'P',
  'SUSP',
  'INT',
  'FT',
  'AET',
  'PEN',
  'PST',
  'CANC',
  'ABD',
  'AWD',
  'WO',
  'LIVE',
];
export const status = () =>
  z.string().refine((value) => value.split('-').every((code) => STATUS_CODES.includes(code.toUpperCase())), {
    message: `The Status field must contain one or more of ${STATUS_CODES.join(', ')} separated by "-".`,
  });

export const timezone = () =>
  z.string().refine(isValidTimeZone, {
    message: 'The Timezone field must contain a valid timezone. Use the endpoint timezone.',
  });

export const text = (name: string, min = 1) =>
  z.string().min(min, `The ${field(name)} field must be at least ${min} characters.`);

export const boolean = (name: string) =>
  z.enum(['true', 'false'], { message: `The ${field(name)} field must contain true or false.` });

export const leagueType = () =>
  z.string().refine((value) => ['league', 'cup'].includes(value.toLowerCase()), {
    message: 'The Type field must contain league or cup.',
  });

export const lastOrNext = (name: string) =>
  z.string().regex(/^\d{1,2}$/, `The ${field(name)} field must contain an integer of 2 characters maximum.`);

/** Errors for unknown and malformed parameters, in the request's order; empty if all is well. */
export function validateParams(params: Record<string, string>, rules: ParamRules): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const rule = rules[name];
    if (!rule) {
      errors[name] = `The ${field(name)} field do not exist.`;
      continue;
    }
    const parsed = rule.safeParse(value);
    if (!parsed.success)
      errors[name] = parsed.error.issues[0]?.message ?? `The ${field(name)} field is invalid.`;
  }
  return errors;
}

export const REQUIRED_ANY = { required: 'At least one parameter is required.' };
export const requiredField = (name: string) => ({ [name]: `The ${field(name)} field is required.` });
