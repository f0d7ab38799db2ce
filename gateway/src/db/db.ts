/**
 * The accounts' storage, as small as the service needs: parameterised queries and transactions. Two
 * implementations speak the same SQL: a PostgreSQL pool (DATABASE_URL) and an embedded PGlite (no server,
 * for `npm start` on a fresh clone). Rows come back as plain objects; `timestamptz` as Date, `text[]` as
 * string[], `uuid` as string. Avoid selecting `bigint` (pg answers a string, PGlite a number): cast to int.
 */
export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
