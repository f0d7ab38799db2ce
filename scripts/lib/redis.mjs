// Makes sure a Redis answers at the configured URL, for `npm start` and `npm test`.
// Plain Node (no dependencies): it runs before anything else is known to be installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pingTcp } from './tcp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resolves true when a Redis answers PING at host:port within the timeout. */
export const pingRedis = (host, port, timeoutMs = 1000) =>
  pingTcp(host, port, timeoutMs, {
    greeting: 'PING\r\n',
    answered: (reply) => /^\+PONG|^-NOAUTH/.test(reply),
  });

const isLocal = (host) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

/**
 * Ensures a Redis answers at `url`. When none does and the URL is local, starts `redis-server` (if installed)
 * without persistence; otherwise fails with one sentence saying how to get one.
 */
export async function ensureRedis(url = 'redis://127.0.0.1:6379') {
  const { hostname, port: p } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const port = Number(p || 6379);
  if (await pingRedis(host, port)) return { started: false };

  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (!isLocal(host) || which.status !== 0) {
    throw new Error(
      `No Redis answers at ${url}: install one with \`apt-get install redis-server\` (Pitchside then starts it ` +
        'for you), or run `docker compose up -d redis`, or point REDIS_URL at a running Redis.',
    );
  }
  const dir = path.join(root, '.pitchside');
  mkdirSync(dir, { recursive: true });
  const started = spawnSync(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      host === 'localhost' ? '127.0.0.1' : host,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--dir',
      dir,
      '--logfile',
      path.join(dir, 'redis.log'),
      '--pidfile',
      path.join(dir, 'redis.pid'),
    ],
    { encoding: 'utf8' },
  );
  if (started.status !== 0)
    throw new Error(`redis-server would not start: ${started.stderr || started.stdout}`);
  for (let i = 0; i < 50; i++) {
    if (await pingRedis(host, port)) return { started: true };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server was started on port ${port} but does not answer; see .pitchside/redis.log`);
}

/**
 * Empties the database of a `redis://host:port/<db>` URL (a load test's own, never db 0): SELECT then FLUSHDB,
 * spoken in RESP by hand, as the ping is.
 */
export async function flushRedisDatabase(url) {
  const { hostname, port, pathname } = new URL(url);
  const db = Number(pathname.slice(1) || 0);
  if (!(db > 0))
    throw new Error(`will not flush database 0 of ${url}: give the load test its own database index`);
  const flushed = await pingTcp(hostname.replace(/^\[|\]$/g, ''), Number(port || 6379), 5000, {
    greeting: `SELECT ${db}\r\nFLUSHDB\r\n`,
    answered: (reply) => reply.startsWith('+OK\r\n+OK'), // both answers come in one write
  });
  if (!flushed) throw new Error(`could not empty Redis database ${db} at ${url}`);
}
