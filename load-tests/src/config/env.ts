/**
 * The harness's environment, read here and nowhere else in load-tests (as each service reads its own in
 * src/config/env.ts). The benchmarks take their settings as flags; these variables only change the flags'
 * defaults, so CI and a developer's machine can point them at their own Chromium, Redis or build.
 */
export const harnessEnv = {
  /** The Chromium Lighthouse drives (`--chrome`). */
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** The Redis the measured stack uses (`--redis`). */
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** A build to measure as it is (`--web-dist`). */
  webDist: process.env.PITCHSIDE_WEB_DIST,
  /** Where `npm run` was typed: npm runs the script from load-tests/ and says where in INIT_CWD. */
  invokedFrom: process.env.INIT_CWD ?? '.',
};

/** The environment a process the harness starts gets: this one's, with the harness's own settings on top. */
export const childEnv = (extra: Readonly<NodeJS.ProcessEnv> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  ...extra,
});
