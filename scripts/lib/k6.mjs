// Finds the k6 that runs the load tests: K6_BIN, the k6 beside the project (../shared/tools/k6/k6), or k6 on
// the PATH, the first that is v1.6 or later (the scripts use k6/websockets, which v1.6.0 brought).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const MINIMUM = [1, 6];

/** `k6 v1.6.1 (commit/devel, go1.24.4, linux/amd64)` -> [1, 6, 1]; null when it does not run. */
function versionOf(bin) {
  const out = spawnSync(bin, ['version'], { encoding: 'utf8' });
  const match = /k6 v(\d+)\.(\d+)\.(\d+)/.exec(out.stdout ?? '');
  return out.status === 0 && match ? match.slice(1).map(Number) : null;
}

const atLeast = ([major, minor]) => major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);

/**
 * @param {string} root the repository
 * @param {NodeJS.ProcessEnv} env the launcher's environment (K6_BIN, PATH)
 * @returns {{ path: string, version: string } | { path: null, why: string }}
 */
export function findK6(root, env) {
  const candidates = [
    ...(env.K6_BIN ? [env.K6_BIN] : []),
    path.resolve(root, '../shared/tools/k6/k6'),
    ...(env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'k6')),
  ];
  const tried = [];
  for (const bin of candidates) {
    if (!existsSync(bin)) continue;
    const version = versionOf(bin);
    if (version && atLeast(version)) return { path: bin, version: `v${version.join('.')}` };
    tried.push(
      `${bin} (${version ? `v${version.join('.')}, older than v${MINIMUM.join('.')}` : 'does not run'})`,
    );
  }
  return {
    path: null,
    why:
      (tried.length ? `found only ${tried.join(', ')}. ` : '') +
      `Set K6_BIN to a k6 v${MINIMUM.join('.')} or later, or install one (https://grafana.com/docs/k6/latest/set-up/install-k6/).`,
  };
}
