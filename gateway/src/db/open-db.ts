import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in the data folder; migrated either way. Each
 * driver is loaded only when it is the one used (PGlite's WebAssembly takes seconds to load, which an
 * operator's `npm run admin:create` on PostgreSQL need not wait for).
 */
export async function openDb(config: {
  databaseUrl?: string;
  pgliteDir: string;
  logger: Logger;
}): Promise<Db> {
  const db = config.databaseUrl
    ? (await import('./pg-db.ts')).createPgDb(config.databaseUrl)
    : await (await import('./pglite-db.ts')).openPgliteDb(config.pgliteDir);
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
