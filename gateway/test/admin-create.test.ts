import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '../src/db/pglite-db.ts';
import { apiClient } from '@pitchside/test-support/auth-api';
import { testDatabase } from '@pitchside/test-support/database';
import { startGateway } from '@pitchside/test-support/gateway';
import { testRedis } from '@pitchside/test-support/redis';

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Each test runs `npm run admin:create` five to seven times, each a fresh Node process that compiles the CLI
 * with tsx and opens the database (5 to 10 s apiece on two shared cores, more under the whole suite).
 */
const CLI_TEST_TIMEOUT_MS = 150_000;

/** `npm run admin:create -- <email>` as an operator runs it, without a terminal (so the password is generated). */
function adminCreate(email: string, env: Record<string, string>, stdin?: string, extra: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'admin:create', '--', email, ...(stdin ? ['--password-stdin'] : []), ...extra],
      {
        cwd: root,
        // Without DATABASE_URL the script opens the embedded PGlite in DATA_DIR.
        env: { ...withoutDatabaseUrl(), ...env, LOG_LEVEL: 'warn' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(stdin ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const withoutDatabaseUrl = () => {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return env;
};
const printedPassword = (stdout: string) => /Password \(shown once, keep it safe\): (\S+)/.exec(stdout)?.[1];

describe('npm run admin:create', () => {
  it(
    'creates an admin on PostgreSQL who can sign in to the admin side, and promotes an existing user',
    async () => {
      const [t, database] = await Promise.all([testRedis(), testDatabase('postgres')]);
      const gateway = await startGateway(t, { db: database.db });
      try {
        const created = await adminCreate('Boss@Example.com', { DATABASE_URL: database.url! });
        expect(created.code, created.stderr).toBe(0);
        expect(created.stdout).toContain('Created the admin boss@example.com.');
        const password = printedPassword(created.stdout)!;
        expect(password).toHaveLength(20);

        const api = apiClient(gateway.url);
        const admin = await api.login('boss@example.com', password, '/admin/login');
        expect(admin.scope).toEqual(['admin']);
        expect((await api.get('/admin/users', admin.token.access_token)).status).toBe(200);

        const fan = await api.register('fan@example.com', 'correct-horse-1');
        expect(
          (await api.post('/admin/login', { email: 'fan@example.com', password: 'correct-horse-1' })).status,
        ).toBe(403);
        const promoted = await adminCreate('fan@example.com', { DATABASE_URL: database.url! });
        expect(promoted.stdout).toContain('fan@example.com is now an admin.');
        expect(printedPassword(promoted.stdout)).toBeUndefined();
        expect((await api.login('fan@example.com', 'correct-horse-1', '/admin/login')).uid).toBe(fan.uid);
        expect((await adminCreate('fan@example.com', { DATABASE_URL: database.url! })).stdout).toContain(
          'already is an admin',
        );

        const bad = await adminCreate('not-an-address', { DATABASE_URL: database.url! });
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain('usage: npm run admin:create');
        // A mistyped option is refused by name, not ignored (which would have generated the password instead).
        const typo = await adminCreate('ops@example.com', { DATABASE_URL: database.url! }, undefined, [
          '--pasword-stdin',
        ]);
        expect(typo.code).toBe(1);
        expect(typo.stderr).toContain("Unknown option '--pasword-stdin'");
        expect(typo.stderr).toContain('usage: npm run admin:create');
        const twice = await adminCreate('ops@example.com', { DATABASE_URL: database.url! }, undefined, [
          'other@example.com',
        ]);
        expect(twice.code).toBe(1);
        expect((await api.post('/admin/login', { email: 'ops@example.com', password: 'x' })).status).toBe(
          401,
        );
      } finally {
        await gateway.close();
        await Promise.all([database.cleanup(), t.cleanup()]);
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );

  describe('on the embedded PGlite of npm start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchside-admin-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it(
      'creates the admin with a password from stdin, and refuses while another process has the folder open',
      async () => {
        const created = await adminCreate('root@example.com', { DATA_DIR: dataDir }, 'chosen-password-1\n');
        expect(created.code, created.stderr).toBe(0);
        expect(created.stdout).toContain('Created the admin root@example.com.');
        expect(printedPassword(created.stdout)).toBeUndefined();

        const db = await openPgliteDb(path.join(dataDir, 'pglite'));
        const t = await testRedis();
        const gateway = await startGateway(t, { db });
        try {
          const busy = await adminCreate('other@example.com', { DATA_DIR: dataDir });
          expect(busy.code).toBe(1);
          expect(busy.stderr).toMatch(/is open in process \d+/);
          const admin = await apiClient(gateway.url).login(
            'root@example.com',
            'chosen-password-1',
            '/admin/login',
          );
          expect(admin.scope).toEqual(['admin']);
        } finally {
          await gateway.close();
          await db.close();
          await t.cleanup();
        }
      },
      CLI_TEST_TIMEOUT_MS,
    );
  });
});
