import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '@pitchside/gateway/db';
import { migrate } from '@pitchside/gateway/db/migrate';
import { createPgDb } from '@pitchside/gateway/db/pg-db';
import { openPgliteDb } from '@pitchside/gateway/db/pglite-db';

/** The PostgreSQL tests use (a database they may create schemas in); CI and .ci/run provide this one. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabaseKind = 'postgres' | 'pglite';

/** An accounts database of the test's own, migrated; cleanup() drops it. */
export interface TestDatabase {
  db: Db;
  kind: TestDatabaseKind;
  /** For another process (a CLI under test): a DATABASE_URL that lands in this schema. Null for PGlite. */
  url: string | null;
  cleanup(): Promise<void>;
}

/** global-setup sets this when no PostgreSQL answers: the tests then run on PGlite instead (and say so). */
export const defaultTestDatabaseKind = (): TestDatabaseKind =>
  process.env.PITCHSIDE_TEST_DB === 'pglite' ? 'pglite' : 'postgres';

let admin: pg.Pool | null = null;
const adminPool = () =>
  (admin ??= new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2, idleTimeoutMillis: 500 }));

/**
 * PostgreSQL: a fresh schema per call in the test database (every pooled connection's search_path is set to
 * it through the URL), so test files run in parallel on one server. PGlite: a fresh in-memory instance.
 */
export async function testDatabase(
  kind: TestDatabaseKind = defaultTestDatabaseKind(),
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (kind === 'pglite') {
    const db = await openPgliteDb();
    if (migrated) await migrate(db);
    return { db, kind, url: null, cleanup: () => db.close() };
  }
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  await adminPool().query(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = createPgDb(url.toString(), { max: 4 });
  if (migrated) await migrate(db);
  return {
    db,
    kind,
    url: url.toString(),
    async cleanup() {
      await db.close();
      await adminPool().query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

/** Resolves true when a PostgreSQL accepts a connection at the URL. */
export async function postgresAnswers(url = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface OutboxMail {
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  sent_at: Date | null;
}

/** The mail outbox, oldest first: what the gateway wrote (and, with SMTP, whether it went). */
export const readOutbox = (db: Db): Promise<OutboxMail[]> =>
  db.query<OutboxMail>(
    `SELECT kind, recipient, subject, body_text, sent_at FROM mail_outbox ORDER BY created_at`,
  );
