import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg-db.ts';
import { openPgliteDb } from '../src/db/pglite-db.ts';
import { testDatabase, type TestDatabase, type TestDatabaseKind } from '@pitchside/test-support/database';

/** The same migrations and the same SQL on both stores: a PostgreSQL server and the embedded PGlite. */
describe.each<TestDatabaseKind>(['postgres', 'pglite'])('the accounts store on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(kind, { migrated: false });
  });
  afterAll(() => database.cleanup());

  it('applies the migrations once and records them', async () => {
    const applied = await migrate(database.db);
    expect(applied[0]).toBe('0001_accounts.sql');
    expect(await migrate(database.db)).toEqual([]);
    const rows = await database.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual(applied);
  });

  it('keeps addresses unique and lower-case', async () => {
    await database.db.query(`INSERT INTO users (email) VALUES ('one@example.com')`);
    await expect(database.db.query(`INSERT INTO users (email) VALUES ('one@example.com')`)).rejects.toThrow(
      /unique/i,
    );
    await expect(database.db.query(`INSERT INTO users (email) VALUES ('Two@example.com')`)).rejects.toThrow(
      /check/i,
    );
  });

  it('rolls a failed transaction back, commits a good one', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (email) VALUES ('rolled@example.com')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction((tx) => tx.query(`INSERT INTO users (email) VALUES ('kept@example.com')`));
    const emails = (await database.db.query<{ email: string }>(`SELECT email FROM users`)).map(
      (r) => r.email,
    );
    expect(emails).toContain('kept@example.com');
    expect(emails).not.toContain('rolled@example.com');
  });

  it('deletes everything of a user with the user, and scrubs their audit rows', async () => {
    const [user] = await database.db.query<{ id: string }>(
      `INSERT INTO users (email, scope) VALUES ('gone@example.com', '{admin}') RETURNING id`,
    );
    const id = user!.id;
    const [session] = await database.db.query<{ id: string }>(
      `INSERT INTO sessions (user_id, provider, ip, expires_at) VALUES ($1, 'password', '10.0.0.1', now() + interval '1 day') RETURNING id`,
      [id],
    );
    await database.db.query(`INSERT INTO refresh_tokens (jti_hash, session_id) VALUES ('h1', $1)`, [
      session!.id,
    ]);
    await database.db.query(
      `INSERT INTO identities (provider, subject, user_id) VALUES ('google', 's1', $1)`,
      [id],
    );
    await database.db.query(
      `INSERT INTO action_tokens (token_hash, user_id, purpose, email, expires_at) VALUES ('t1', $1, 'reset-password', 'gone@example.com', now())`,
      [id],
    );
    await database.db.query(
      `INSERT INTO mail_outbox (user_id, kind, recipient, subject, body_text) VALUES ($1, 'reset-password', 'gone@example.com', 's', 'b')`,
      [id],
    );
    await database.db.query(
      `INSERT INTO audit_log (event, user_id, session_id, ip, user_agent, detail) VALUES ('user.signed-in', $1, $2, '10.0.0.1', 'UA', '{"provider":"password"}')`,
      [id, session!.id],
    );

    await database.db.query(`DELETE FROM users WHERE id = $1`, [id]);
    for (const table of ['sessions', 'refresh_tokens', 'identities', 'action_tokens', 'mail_outbox']) {
      const [{ n }] = (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)) as [
        { n: number },
      ];
      expect(n, table).toBe(0);
    }
    expect(
      await database.db.query(`SELECT event, user_id, session_id, ip, user_agent, detail FROM audit_log`),
    ).toEqual([
      { event: 'user.signed-in', user_id: null, session_id: null, ip: null, user_agent: null, detail: {} },
    ]);
  });
});

describe('migrations under concurrency (PostgreSQL)', () => {
  it('two gateways starting together apply each migration once', async () => {
    const database = await testDatabase('postgres', { migrated: false });
    const other = createPgDb(database.url!);
    try {
      const results = await Promise.all([migrate(database.db), migrate(other)]);
      // One applied every file, the other found nothing left to do.
      const files = readdirSync(new URL('../src/db/migrations/', import.meta.url)).filter((f) =>
        f.endsWith('.sql'),
      );
      expect(results.map((r) => r.length).sort()).toEqual([0, files.length]);
    } finally {
      await other.close();
      await database.cleanup();
    }
  });
});

describe('the embedded database in a data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchside-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across restarts and admits one process at a time', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await openPgliteDb(dataDir);
    await migrate(first);
    await first.query(`INSERT INTO users (email) VALUES ('kept@example.com')`);
    await expect(openPgliteDb(dataDir)).rejects.toThrow(/is open in process \d+/);
    await first.close();

    const again = await openPgliteDb(dataDir);
    expect(await migrate(again)).toEqual([]);
    expect(await again.query(`SELECT email FROM users`)).toEqual([{ email: 'kept@example.com' }]);
    await again.close();
  });
});
