import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readOpenfootballFile, ReplayFileError, type OpenfootballTournament } from '../openfootball-file.ts';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, DEFAULT_SEED, DEFAULT_TIME_SCALE } from '../simulator.ts';

/**
 * The standalone simulator's configuration (main.ts), read and validated once: environment variables,
 * and `--replay <file>` on the command line, which wins over SIM_REPLAY. Every problem is reported at once.
 */

/** An empty variable (`SIM_SEED=`) means "not set", not zero. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

/**
 * The tournament to replay, or why it cannot be: a file that cannot be read is not a configuration error
 * that stops the simulator (and with it `npm start`); main.ts says what is wrong with it and plays the
 * seeded match day instead.
 */
export type ReplayConfig =
  | { path: string; tournament: OpenfootballTournament; error?: never }
  | { path: string; error: ReplayFileError; tournament?: never };

const replayFile = z
  .string()
  .min(1)
  .transform((path): ReplayConfig => {
    try {
      return { path, tournament: readOpenfootballFile(path) };
    } catch (err) {
      if (err instanceof ReplayFileError) return { path, error: err };
      throw err;
    }
  });

const SimulatorEnvSchema = z.object({
  SIM_PORT: unsetIfEmpty(z.coerce.number().int().min(0).max(65535).default(4010)),
  SIM_HOST: unsetIfEmpty(z.string().min(1).default('127.0.0.1')),
  SIM_SEED: unsetIfEmpty(z.coerce.number().int().default(DEFAULT_SEED)),
  SIM_TIME_SCALE: unsetIfEmpty(z.coerce.number().min(0.1).max(600).default(DEFAULT_TIME_SCALE)),
  SIM_REPLAY: unsetIfEmpty(replayFile.optional()),
  SIM_API_KEY: unsetIfEmpty(z.string().min(1).optional()),
  SIM_RATE_LIMIT_PER_MINUTE: unsetIfEmpty(
    z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  ),
  /** Base for links in answers when clients reach the simulator under another name (a container's). */
  SIM_PUBLIC_URL: unsetIfEmpty(z.url().optional()),
  LOG_LEVEL: unsetIfEmpty(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type SimulatorConfig = z.output<typeof SimulatorEnvSchema>;

/** The configuration main.ts starts with: this process's environment and command line. */
export const readProcessSimulatorConfig = (): SimulatorConfig =>
  readSimulatorConfig(process.env, process.argv.slice(2));

export function readSimulatorConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): SimulatorConfig {
  const problems: string[] = [];
  const overrides: Record<string, string> = {};
  try {
    // strict: an unknown option, a stray argument or --replay without its file is a problem, not ignored.
    const { values } = parseArgs({ args: [...argv], options: { replay: { type: 'string' } } });
    if (values.replay !== undefined) overrides.SIM_REPLAY = values.replay;
  } catch (error) {
    problems.push(`  ${(error as Error).message} (the simulator takes --replay <openfootball.json>)`);
  }
  const parsed = SimulatorEnvSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`));
  }
  if (problems.length > 0 || !parsed.success) {
    throw new Error(`simulator: bad configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
