import { ensureRedis } from '@pitchside/scripts/redis';
import { postgresAnswers, TEST_DATABASE_URL } from './database.ts';

/**
 * Integration and browser tests talk to a real Redis and a real PostgreSQL: make sure Redis answers before
 * any test runs. Without a PostgreSQL (DATABASE_URL, default 127.0.0.1:5432/test) the accounts' tests fall
 * back to the embedded PGlite and say so; CI (.ci/run) always provides PostgreSQL.
 */
export default async function setup(): Promise<void> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  await ensureRedis(url);
  process.env.REDIS_URL = url;
  if (process.env.PITCHSIDE_TEST_DB !== 'pglite' && !(await postgresAnswers())) {
    console.warn(
      `No PostgreSQL answers at ${TEST_DATABASE_URL}: the accounts run on the embedded PGlite in these tests, ` +
        'and the PostgreSQL half of the storage tests fails. Install one (`apt-get install postgresql`, or .ci/run).',
    );
    process.env.PITCHSIDE_TEST_DB = 'pglite';
  }
}
