import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './database.ts';

/**
 * The gateway's database, as small as the service needs: typed queries (Kysely over the tables of
 * database.ts, generated from the migrations and checked against them by gateway/test/db-types.test.ts) and
 * transactions. Two backends speak the same SQL: a PostgreSQL pool (DATABASE_URL) and an embedded PGlite
 * (no server, for `npm start` on a fresh clone), each through Kysely's own dialect.
 *
 * Rows come back as plain objects; `timestamptz` as Date, `text[]` as string[], `uuid` as string. Avoid
 * selecting `bigint` (pg answers a string, PGlite a number): cast to int. Instants written or compared come
 * from the application's clock (`new Date()`), never PostgreSQL's `now()`: one clock for the whole suite,
 * which runs under `faketime`.
 */
export interface Queryable {
  /** Typed queries; inside a transaction, the transaction's. */
  readonly sql: Kysely<DB>;
  /** One statement with `$1`-style parameters, for SQL not (yet) written with Kysely. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

/** What migrate.ts needs: several statements at once (a migration file), inside its own transaction. */
export interface MigrationQueryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A transaction on the backend's own client, where a multi-statement file runs (PGlite's exec). */
  migrationTransaction<T>(fn: (tx: MigrationQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The Queryable of a Kysely instance or transaction. */
export function queryable(sql: Kysely<DB>): Queryable {
  return {
    sql,
    async query<R>(text: string, params: readonly unknown[] = []) {
      return (await sql.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
    },
  };
}

/** A Db from a Kysely instance and what only the backend itself can do. */
export function kyselyDb(
  kind: Db['kind'],
  sql: Kysely<DB>,
  backend: Pick<Db, 'migrationTransaction'> & { close(): Promise<void> },
): Db {
  return {
    kind,
    ...queryable(sql),
    transaction: (fn) => sql.transaction().execute((trx) => fn(queryable(trx))),
    migrationTransaction: backend.migrationTransaction,
    close: backend.close,
  };
}
