import { ensureRedis } from '../scripts/lib/redis.mjs';

/** Integration and browser tests talk to a real Redis: make sure one answers before any test runs. */
export default async function setup(): Promise<void> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  await ensureRedis(url);
  process.env.REDIS_URL = url;
}
