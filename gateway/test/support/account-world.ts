import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { Accounts } from '../../src/auth/accounts.ts';
import type { Db } from '../../src/db/db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPgliteDb } from '../../src/db/pglite-db.ts';

/** The real account service the social flow signs people into, on its own migrated database. */
export interface AccountWorld {
  accounts: Accounts;
  db: Db;
  close(): Promise<void>;
}

/**
 * The account service as the gateway builds it, on an embedded PostgreSQL (PGlite, in memory: the same
 * engine and migrations as production, and a database of the test's own) and the test's Redis prefix.
 */
export async function accountWorld(redis: Redis, keys: RedisKeys): Promise<AccountWorld> {
  const db = await openPgliteDb();
  await migrate(db);
  const accounts = new Accounts(
    { db, redis, keys, logger: pino({ level: 'silent' }) },
    { secret: randomBytes(32).toString('base64url') },
  );
  return {
    accounts,
    db,
    async close() {
      await accounts.close();
      await db.close();
    },
  };
}
