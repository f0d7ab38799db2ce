// `npm run admin:create -- <email> [--password-stdin]`: creates a user with the `admin` scope, or gives an
// existing user that scope. A new user's password is typed at a prompt (empty: generated), read from stdin
// with --password-stdin, or generated when there is no terminal; a generated password is printed once.
// Works on DATABASE_URL or on the embedded PGlite of `npm start` (stop `npm start` first: one process at a time).
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { checkPassword, EmailSchema } from '@pitchside/shared/auth';
import { audit } from '../auth/audit-log.ts';
import { authOptionsFromEnv } from '../auth/auth-options-from-env.ts';
import { PasswordHasher } from '../auth/password-hasher.ts';
import { readEnv } from '../config/env.ts';
import { openDb } from '../db/open-db.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`admin:create: ${line}\n`);
  process.exit(1);
};

const USAGE = 'usage: npm run admin:create -- <email> [--password-stdin]';
const args = (() => {
  try {
    // strict: an unknown option or a second address is refused, not ignored.
    return parseArgs({ options: { 'password-stdin': { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const parsed = EmailSchema.safeParse(args.positionals[0]);
if (!parsed.success || args.positionals.length > 1) fail(USAGE);
const email = parsed.data!;
const env = readEnv();
const policy = authOptionsFromEnv(env, 'x'.repeat(32)).passwordPolicy!;

const db = await openDb({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  logger: pino({ level: 'warn' }),
}).catch((error: Error) => fail(error.message));

try {
  const [existing] = await db.query<{ id: string; scope: string[] }>(
    `SELECT id, scope FROM users WHERE email = $1`,
    [email],
  );
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET scope = array_append(scope, 'admin') WHERE id = $1 AND NOT ('admin' = ANY(scope))`,
        [existing.id],
      );
      await audit(tx, 'user.updated-by-admin', {
        userId: existing.id,
        detail: { by: 'admin:create', scope: ['admin'] },
      });
    });
    out(existing.scope.includes('admin') ? `${email} already is an admin.` : `${email} is now an admin.`);
  } else {
    const typed = args.values['password-stdin']
      ? await readStdin()
      : process.stdin.isTTY
        ? await prompt()
        : '';
    const password = typed || generatePassword();
    const broken = checkPassword(policy, password);
    if (broken.length > 0) fail(`the password does not meet the policy: ${broken.join(', ')}`);
    const hash = await new PasswordHasher().hash(password);
    await db.transaction(async (tx) => {
      const [user] = await tx.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, scope) VALUES ($1, $2, ARRAY['admin']) RETURNING id`,
        [email, hash],
      );
      await audit(tx, 'user.registered', {
        userId: user!.id,
        detail: { by: 'admin:create', scope: ['admin'] },
      });
    });
    out(`Created the admin ${email}.`);
    if (!typed) out(`Password (shown once, keep it safe): ${password}`);
  }
} finally {
  await db.close();
}

/** 20 characters with every class a strict policy may ask for. */
function generatePassword(): string {
  const classes = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '-_.!@#%+='];
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = classes.map(pick);
  while (chars.length < 20) chars.push(pick(classes.join('')));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** A password prompt that does not echo what is typed. */
function prompt(): Promise<string> {
  process.stdout.write('Password for the new admin (empty: generate one): ');
  return new Promise((resolve) => {
    let typed = '';
    process.stdin.setRawMode(true);
    process.stdin.resume();
    process.stdin.setEncoding('utf8');
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === '\r' || ch === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off('data', onData);
          process.stdout.write('\n');
          return resolve(typed);
        }
        if (ch === '\u0003') process.exit(130);
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    process.stdin.on('data', onData);
  });
}
