import { z } from 'zod';
import { RedisClusterNodesSchema } from '@pitchside/shared/redis-cluster-nodes';
import { RedisUrlSchema } from '@pitchside/shared/redis-url';

/**
 * Ingest's configuration, read and validated once. Nothing else reads process.env.
 * PROVIDER=simulator (the default) reads the simulated game API (`@pitchside/simulator`, which `npm start`
 * runs beside ingest) at GAME_API_BASE_URL, default http://127.0.0.1:4010: API-Football, API-Basketball under
 * `/basketball`, the match feed and the simulator's clock. Ingest never runs the simulator itself.
 */
const EnvSchema = z.object({
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
  PROVIDER: z.enum(['simulator', 'api-football', 'football-data']).default('simulator'),
  GAME_API_BASE_URL: z.string().url().optional(),
  GAME_API_KEY: z.string().min(1).optional(),
  /** API-Basketball beside API-Football (PROVIDER=api-football), e.g. https://v1.basketball.api-sports.io. */
  BASKETBALL_API_BASE_URL: z.string().url().optional(),
  GAME_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  MATCH_RSS_URL: z.string().url().optional(),
  /** Competition ids to follow for standings and teams (comma separated); empty = all the provider lists. */
  COMPETITIONS: z.string().default(''),
  POLL_LIVE_MS: z.coerce.number().int().min(500).default(2000),
  POLL_DETAILS_MS: z.coerce.number().int().min(1000).default(10_000),
  POLL_FIXTURES_MS: z.coerce.number().int().min(5000).default(60_000),
  POLL_STANDINGS_MS: z.coerce.number().int().min(5000).default(120_000),
  POLL_TEAMS_MS: z.coerce.number().int().min(10_000).default(3_600_000),
  /** Each run refreshes a few squads (the oldest first), so a squad poll never spends the budget at once. */
  POLL_SQUADS_MS: z.coerce.number().int().min(5000).default(60_000),
  POLL_NEWS_MS: z.coerce.number().int().min(5000).default(120_000),
  /** How soon a head-to-head or a team's form a visitor asked for is read from the provider. */
  POLL_ON_DEMAND_MS: z.coerce.number().int().min(500).default(2000),
  /** Days either side of today the fixtures poll covers. */
  FIXTURE_WINDOW_DAYS: z.coerce.number().int().min(0).max(14).default(1),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Where /metrics, /healthz and /readyz listen; 0.0.0.0 in a container so Prometheus and probes reach it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type IngestEnv = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): IngestEnv {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`ingest: bad configuration:\n${lines.join('\n')}`);
}
