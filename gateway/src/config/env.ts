import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { RedisClusterNodesSchema } from '@pitchside/shared/redis-cluster-nodes';
import { RedisUrlSchema } from '@pitchside/shared/redis-url';
import { readSocialProviders } from '../auth/social/social-config.ts';
import {
  DEFAULT_ACCESS_TOKEN_TTL_S,
  DEFAULT_PASSWORD_POLICY,
  DEFAULT_REFRESH_TOKEN_TTL_S,
} from '@pitchside/shared/auth';
import { DEFAULT_SOCIAL_LINKS, DEFAULT_SUPPORT_EMAIL } from '@pitchside/shared/contact/constants';

/** `true`/`1`/`yes` or `false`/`0`/`no`: z.coerce.boolean would read the string "false" as true. */
const Flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const Seconds = z.coerce.number().int().min(1);
/** An optional variable set to the empty string (`DATABASE_URL= npm start`) counts as unset. */
const unsetIfEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
/** Local state of `npm start` (the embedded database, the generated token secret), gitignored. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.pitchside', import.meta.url));

/** The gateway's configuration, read and validated once; nothing else reads process.env. */
const BaseEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  /** `redis[s]://[user[:password]@]host[:port][/db]`: every part is used by every connection. */
  REDIS_URL: RedisUrlSchema,
  /**
   * A Redis Cluster instead of REDIS_URL's server: some of its nodes, `host:port,host:port` (ioredis finds
   * the rest). REDIS_URL's user and password, if any, are used on every node.
   */
  REDIS_CLUSTER_NODES: RedisClusterNodesSchema,
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/)
    .default('ps:'),
  /** The built website to serve (vite build output); absent means API only. */
  WEB_DIST: z.string().optional(),
  /** Extra browser origins allowed to open a socket, comma separated; the gateway's own origin always is. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** The site's public origin for canonical links, hreflang and the sitemap; else the request's own. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** How often the operators' dashboard gets a sample (ms), while an admin has it open. */
  OPS_SAMPLE_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Tag-manager and live-chat scripts the pages load after a delay (SPEC 1); off when unset. */
  TAG_MANAGER_SRC: z.url().optional(),
  LIVE_CHAT_SRC: z.url().optional(),
  /** Threads rendering pages off the event loop; 0 renders on it. Unset: one per core beyond the first. */
  PAGE_RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /**
   * The tweaks of socket.io, engine.io and ws internals behind the measured memory and fan-out figures
   * (socket/library-internals.ts); on unless `false`, which runs the libraries' public API only.
   */
  SOCKET_LIBRARY_INTERNALS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default('')
    .transform((v) => v !== 'false' && v !== '0' && v !== 'no'),
  /**
   * Sockets per client address (socket/address-gate.ts): `<new>/<seconds>/<open>` (default 100/5/1000: 100 new
   * sockets every 5 s, 1000 open at once), or `off` (the fan-out benchmark, whose viewers share one address).
   */
  SOCKET_ADDRESS_LIMITS: z
    .string()
    .regex(/^(off|\d+\/\d+\/\d+)$/, 'must be off or <new>/<seconds>/<open>, e.g. 100/5/1000')
    .optional()
    .transform((v) => {
      if (v === undefined) return undefined;
      if (v === 'off') return false as const;
      const [perWindow, windowS, concurrent] = v.split('/').map(Number) as [number, number, number];
      return { perWindow, windowS, concurrent };
    }),
  /** The bearer token Prometheus shows for /metrics (16+ characters); unset: only direct private scrapes. */
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16)),
  /** Accounts' PostgreSQL; unset: an embedded PGlite in DATA_DIR/pglite (one process at a time). */
  DATABASE_URL: unsetIfEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  /** Signs tokens (32+ characters, the same on every gateway); unset: generated once into DATA_DIR/auth-secret. */
  AUTH_SECRET: unsetIfEmpty(z.string().min(32)),
  ACCESS_TOKEN_TTL_S: Seconds.default(DEFAULT_ACCESS_TOKEN_TTL_S),
  REFRESH_TOKEN_TTL_S: Seconds.default(DEFAULT_REFRESH_TOKEN_TTL_S),
  /** Mails (password reset, verification) over SMTP, a nodemailer URL (smtps://user:pass@host:465); unset: outbox + log. */
  SMTP_URL: unsetIfEmpty(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: unsetIfEmpty(z.string().min(3)),
  /** The password policy (SPEC 5). */
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).default(DEFAULT_PASSWORD_POLICY.minLength),
  PASSWORD_MAX_LENGTH: unsetIfEmpty(z.coerce.number().int().min(1)),
  PASSWORD_REQUIRE_LOWERCASE: Flag,
  PASSWORD_REQUIRE_UPPERCASE: Flag,
  PASSWORD_REQUIRE_DIGIT: Flag,
  PASSWORD_REQUIRE_NON_ALPHANUMERIC: Flag,
  /** Express `trust proxy` behind a reverse proxy (a hop count, `loopback`, addresses), so throttling sees clients. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : v === 'true' ? true : v,
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Payments (issue 5). The sandbox provider hands out plans without money moving: unset, it is on only
  // while no real provider (PayPal, Stripe) is configured, so a deployment that takes money never offers it
  // by accident; PAYMENTS_SANDBOX=true or false decides explicitly.
  PAYMENTS_SANDBOX: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v !== 'false' && v !== '0' && v !== 'no')),
  /** Signs the sandbox's webhooks; unset: derived from AUTH_SECRET. */
  SANDBOX_WEBHOOK_SECRET: unsetIfEmpty(z.string().min(32)),
  /** PayPal appears with all three; PAYPAL_ENV picks the live or the sandbox API. */
  PAYPAL_CLIENT_ID: unsetIfEmpty(z.string().min(8)),
  PAYPAL_CLIENT_SECRET: unsetIfEmpty(z.string().min(8)),
  PAYPAL_WEBHOOK_ID: unsetIfEmpty(z.string().min(4)),
  PAYPAL_ENV: z.enum(['live', 'sandbox']).default('sandbox'),
  /** Card payments through Stripe Checkout appear with both. */
  STRIPE_SECRET_KEY: unsetIfEmpty(
    z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'must be an sk_live_/sk_test_ key'),
  ),
  STRIPE_WEBHOOK_SECRET: unsetIfEmpty(z.string().regex(/^whsec_\w+$/, 'must be a whsec_ signing secret')),
  /** How often orders left waiting on a provider are checked, and after how long a wait. */
  PAYMENT_RECONCILE_EVERY_S: Seconds.default(60),
  PAYMENT_RECONCILE_AFTER_S: Seconds.default(600),
  /** The streaming provider's API; unset with the simulator (PROVIDER unset): the simulator's address. */
  STREAMS_API_URL: unsetIfEmpty(z.url()),
  PROVIDER: z.string().default('simulator'),
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  /** Lifetime of a premium stream URL; the player asks for a fresh one before it ends. */
  STREAM_URL_TTL_S: Seconds.max(3600).default(120),
  /** Signs premium stream URLs, the same on every gateway; unset: derived from AUTH_SECRET. */
  STREAM_SECRET: unsetIfEmpty(z.string().min(32)),
  // The support address (contact form, footer, pages) and the footer's social links (issue 6).
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  SOCIAL_TELEGRAM_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_SOCIAL_LINKS.telegram),
  SOCIAL_X_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_SOCIAL_LINKS.x),
  SOCIAL_FACEBOOK_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_SOCIAL_LINKS.facebook),
  /** A contact message sooner than this after its page loaded is taken for a bot's and dropped. */
  CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
});

/** Variables that only make sense together, and defaults that depend on others. */
const EnvSchema = BaseEnvSchema.superRefine((env, ctx) => {
  const groups = {
    PayPal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
    Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  } as const;
  for (const [name, keys] of Object.entries(groups)) {
    const set = keys.filter((k) => env[k] !== undefined);
    if (set.length === 0 || set.length === keys.length) continue;
    for (const k of keys.filter((k) => env[k] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [k], message: `${name} needs ${keys.join(', ')} together` });
    }
  }
}).transform((env) => ({
  ...env,
  STREAMS_API_URL:
    env.STREAMS_API_URL ?? (env.PROVIDER === 'simulator' ? `http://127.0.0.1:${env.SIM_PORT}` : undefined),
  /** The streams come from the embedded simulator (no STREAMS_API_URL of its own): the demo's TV and films. */
  streamsFromSimulator: env.STREAMS_API_URL === undefined && env.PROVIDER === 'simulator',
}));
export type GatewayEnv = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`gateway: bad configuration:\n${lines.join('\n')}`);
}

/** The social sign-in providers configured (each appears only with its client id and secret). */
export const readSocialEnv = (source: NodeJS.ProcessEnv = process.env) => readSocialProviders(source);
