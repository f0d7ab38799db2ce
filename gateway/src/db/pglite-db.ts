import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import type { DB } from './database.ts';
import { kyselyDb, type Db } from './db.ts';

/**
 * An embedded PostgreSQL (PGlite, WebAssembly) in a data folder, or in memory without one. One process
 * at a time may open a folder: PGlite has no cross-process locking, and two writers corrupt it, so a lock
 * file with our pid guards it (`npm run admin:create` says to stop `npm start` first).
 */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let lite: PGlite;
  try {
    lite = await PGlite.create(dataDir ? { dataDir } : {});
  } catch (error) {
    release();
    throw error;
  }
  const sql = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: lite }) });
  return kyselyDb('pglite', sql, {
    // PGlite serialises everything: a transaction holds the only connection until it ends. Kysely's dialect
    // takes the same lock for its transactions.
    migrationTransaction: (fn) =>
      lite.transaction((tx) =>
        fn({
          query: async <R>(text: string, params: readonly unknown[] = []) =>
            (await tx.query<R>(text, params as unknown[])).rows,
          exec: async (text) => void (await tx.exec(text)),
        }),
      ),
    async close() {
      await sql.destroy();
      release();
    },
  });
}

function lockDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lock = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lock, 'utf8'));
      if (holder && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is open in process ${holder} (npm start?): stop it first, or set DATABASE_URL.`,
        );
      }
      // A lock left by a process that died: take it over.
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
