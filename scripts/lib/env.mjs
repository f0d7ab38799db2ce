/**
 * What the launchers (start.mjs, start-cluster.mjs, test.mjs) take from the environment, read here and
 * nowhere else in scripts/: the environment they run the services with, REDIS_URL settled. Each service
 * validates its own variables (its src/config/env.ts); a launcher reads only the few it needs to start
 * them (the port, the Redis to make sure of).
 */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** This process's environment, for the services to inherit, with REDIS_URL defaulted. */
export const launcherEnv = () => ({ ...process.env, REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL });
