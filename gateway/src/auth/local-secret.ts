import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * For `npm start` without AUTH_SECRET: a secret generated once and kept in the data folder (mode 0600), so
 * sessions survive restarts. A deployment with several gateways must set AUTH_SECRET to one shared value.
 */
export function localAuthSecret(dataDir: string): { secret: string; created: boolean } {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return { secret, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, created: true };
}
