import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './database.ts';
import { kyselyDb, type Db, type MigrationQueryable } from './db.ts';

/**
 * A PostgreSQL pool, queried through Kysely's PostgresDialect. The URL may carry
 * `?options=-c search_path=<schema>`: tests give each test its own schema that way, and every pooled
 * connection then works in it.
 */
export function createPgDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const sql = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return kyselyDb('postgres', sql, {
    async migrationTransaction(fn) {
      const client = await pool.connect();
      const tx: MigrationQueryable = {
        query: async <R>(text: string, params: readonly unknown[] = []) =>
          (await client.query(text, params as unknown[])).rows as R[],
        exec: async (text) => void (await client.query(text)),
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    // Ends the pool too.
    close: () => sql.destroy(),
  });
}
