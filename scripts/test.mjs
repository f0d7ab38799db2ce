#!/usr/bin/env node
// `npm test`: every test. Installs dependencies when missing, makes sure Redis answers, builds the website
// for the browser tests, then runs vitest (unit, integration against real Redis, browser in Chromium).
// Extra arguments go to vitest: `npm test -- --project unit`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/deps.mjs';
import { launcherEnv } from './lib/env.mjs';
import { ensureRedis } from './lib/redis.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  ensureDependencies(root);
  await ensureRedis(launcherEnv().REDIS_URL);
  ensureWebBuild(root);
} catch (error) {
  console.error(`\nThe tests cannot run: ${error.message}`);
  process.exit(1);
}
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
