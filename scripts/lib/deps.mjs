// Installs npm dependencies when they are missing or older than the lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export function ensureDependencies(root) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh =
    existsSync(installed) && (!existsSync(lock) || statSync(installed).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm install failed: see the output above.');
}
