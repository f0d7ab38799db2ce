// The accounts' database for `npm run start:cluster`. `npm start` may fall back to the embedded PGlite in
// .pitchside/pglite, but PGlite is a single-process database: two gateways opening the same folder would
// corrupt it. Several gateways need one PostgreSQL server they all reach, so the cluster asks for
// DATABASE_URL rather than guess: starting a server of its own would mean initdb, a superuser, a port and a
// data folder to keep, and quietly writing accounts into whatever answers on 5432 would be worse.
import { pingTcp } from './tcp.mjs';

/** Returns DATABASE_URL when set and answering; otherwise throws one sentence saying what to do. */
export async function requireSharedDatabase(env) {
  const url = env.DATABASE_URL?.trim();
  if (!url) {
    const local = (await pingTcp('127.0.0.1', 5432))
      ? ' (a PostgreSQL answers on 127.0.0.1:5432: e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/pitchside)'
      : ' (e.g. `docker compose up -d postgres`, then DATABASE_URL=postgres://postgres@127.0.0.1:5432/pitchside)';
    throw new Error(
      'two gateways cannot share the embedded database (PGlite opens in one process only): set DATABASE_URL ' +
        `to a PostgreSQL server${local}.`,
    );
  }
  let host;
  let port;
  try {
    const parsed = new URL(url);
    if (!/^postgres(ql)?:$/.test(parsed.protocol)) throw new Error('not postgres');
    host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    port = Number(parsed.port || 5432);
  } catch {
    throw new Error(`DATABASE_URL is not a postgres:// URL: ${url}`);
  }
  if (!(await pingTcp(host, port)))
    throw new Error(
      `no PostgreSQL answers at ${host}:${port} (DATABASE_URL): start it, or point DATABASE_URL elsewhere.`,
    );
  return url;
}
