import pg from 'pg';
import type { Db, Queryable } from './db.ts';

/**
 * A PostgreSQL pool. The URL may carry `?options=-c search_path=<schema>`: tests give each test its own
 * schema that way, and every pooled connection then works in it.
 */
export function createPgDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its server (a restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(sql: string, params: readonly unknown[] = []) {
      return (await client.query(sql, params as unknown[])).rows as R[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  const direct = on(pool);
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(on(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
