/**
 * The environment for the servers tests start beside the product (redis-server, redis-cli, nginx): the
 * tests' own, without libfaketime. Those servers stand for services that keep real time in production
 * (the shared Redis and PostgreSQL do too), and redis-server hangs at start-up under libfaketime's
 * LD_PRELOAD. The product's own processes keep the faked clock: that is what `faketime npm test` tests.
 */
export function externalServerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('FAKETIME')) continue;
    if (name === 'LD_PRELOAD') {
      const kept = (value ?? '')
        .split(/[:\s]+/)
        .filter((lib) => lib && !lib.includes('faketime'))
        .join(':');
      if (kept) out[name] = kept;
      continue;
    }
    out[name] = value;
  }
  return out;
}
