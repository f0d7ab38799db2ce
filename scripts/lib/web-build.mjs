// Builds the website when web/dist is missing or older than any source file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureWebBuild(root, { force = false } = {}) {
  const web = path.join(root, 'web');
  const built = path.join(web, 'dist', 'server', 'entry-server.js');
  const sources = [path.join(web, 'src'), path.join(root, 'shared', 'src')].filter(existsSync);
  const newestSource = Math.max(
    ...sources.map(newestMtime),
    statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  console.log('Building the website (vite build)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The website build failed: see the output above.');
}
