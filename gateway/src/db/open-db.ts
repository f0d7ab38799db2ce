import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { createPgDb } from './pg-db.ts';
import { openPgliteDb } from './pglite-db.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in the data folder; migrated either way. */
export async function openDb(config: {
  databaseUrl?: string;
  pgliteDir: string;
  logger: Logger;
}): Promise<Db> {
  const db = config.databaseUrl ? createPgDb(config.databaseUrl) : await openPgliteDb(config.pgliteDir);
  config.logger.info(
    config.databaseUrl ? { database: 'postgres' } : { database: 'pglite', dir: config.pgliteDir },
    'accounts database open',
  );
  try {
    await migrate(db, config.logger);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
