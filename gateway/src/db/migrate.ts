import { readdir, readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies the numbered SQL files of migrations/ that the database has not seen, forward only, all in one
 * transaction under an advisory lock, so gateways starting together apply each file once and a failing
 * file leaves nothing half done. Applied files are recorded in schema_migrations; an applied file must not
 * change afterwards (write a new one).
 */
export async function migrate(db: Db, logger?: Logger): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return db.migrationTransaction(async (tx) => {
    // Keyed by schema: tests migrate many schemas of one database at once.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':pitchside-migrations'))`);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const applied = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      await tx.exec(await readFile(new URL(file, MIGRATIONS_DIR), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      logger?.info({ migration: file }, 'migration applied');
    }
    return pending;
  });
}
