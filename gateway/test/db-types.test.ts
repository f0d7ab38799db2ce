import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultTestDatabaseKind, TEST_DATABASE_URL, testDatabase } from '@pitchside/test-support/database';

/**
 * The tables' types the queries are checked against (gateway/src/db/database.ts) are what the migrations
 * make: kysely-codegen reads a freshly migrated schema's information_schema and must write exactly the
 * committed file. A migration without its types (or types edited by hand) fails here. After a new
 * migration: `UPDATE_DB_TYPES=1 npx vitest run gateway/test/db-types.test.ts` rewrites the file.
 */
const TYPES_FILE = fileURLToPath(new URL('../src/db/database.ts', import.meta.url));
const CODEGEN = fileURLToPath(new URL('../../node_modules/.bin/kysely-codegen', import.meta.url));

describe.skipIf(defaultTestDatabaseKind() !== 'postgres')('the database types', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchside-db-types-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('match the migrations (kysely-codegen on a migrated schema)', async () => {
    const database = await testDatabase('postgres');
    try {
      const schema = new URL(database.url!).searchParams.get('options')!.replace('-c search_path=', '');
      const out = path.join(dir, 'database.ts');
      await promisify(execFile)(CODEGEN, [
        ...['--dialect', 'postgres', '--url', TEST_DATABASE_URL, '--default-schema', schema],
        ...['--include-pattern', `${schema}.*`, '--exclude-pattern', `${schema}.schema_migrations`],
        ...['--out-file', out, '--log-level', 'error'],
      ]);
      const generated = readFileSync(out, 'utf8');
      if (process.env.UPDATE_DB_TYPES === '1') writeFileSync(TYPES_FILE, generated);
      expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
    } finally {
      await database.cleanup();
    }
  });
});
