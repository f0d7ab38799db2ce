import { z } from 'zod';

/** The gateway's configuration, read and validated once; nothing else reads process.env. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
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
  /** Tag-manager and live-chat scripts the pages load after a delay (SPEC 1); off when unset. */
  TAG_MANAGER_SRC: z.url().optional(),
  LIVE_CHAT_SRC: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type GatewayEnv = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`gateway: bad configuration:\n${lines.join('\n')}`);
}
