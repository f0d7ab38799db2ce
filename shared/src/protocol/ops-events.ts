import { z } from 'zod';

/**
 * The operators' dashboard protocol: the admin-only namespace `/admin` of the gateway's Socket.IO server.
 * The handshake carries the access token (`auth: { token }`); a visitor without the `admin` scope is refused
 * with a connect_error whose `data.code` is auth:unauthenticated or auth:forbidden. Connected, an admin
 * receives one `ops:sampled` about every second and sends nothing.
 */
export const OPS_NAMESPACE = '/admin';

/** The handshake's `auth` payload, checked by the gateway before the namespace admits anyone. */
export const OpsHandshakeSchema = z.object({ token: z.string().min(1).max(4096) });
export type OpsHandshake = z.infer<typeof OpsHandshakeSchema>;

/** BullMQ job counts of one queue, the states an operator watches. */
export interface OpsQueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface OpsHotMatch {
  matchId: string;
  /** "Home – Away", or the id when the match is not in the read model. */
  label: string;
  /** Viewers subscribed to the match, summed over every gateway that reported lately. */
  viewers: number;
}

/**
 * Ingest's request planner as it last described itself (issue 16 §4): the provider's budget and what the
 * planner held back to spend it on live scores first. Ingest writes it as jobs end (ingest/src/planner).
 */
export interface OpsPlanner {
  /** When ingest wrote it, ms since the epoch. */
  at: number;
  /** The provider's minute: calls left (its headers minus calls since), its size, seconds until it turns. */
  minute: { remaining: number; capacity: number; resetInS: number } | null;
  /** Seconds left of a pause the provider asked for (429 Retry-After). */
  pausedForS: number;
  /** A match is live or about to kick off: the live share of the budget is held. */
  liveActive: boolean;
  /** Seconds between live polls at this budget; null while the budget is unknown. */
  livePaceS: number | null;
  /** Calls let through and held back per request class (live, details, fixtures, …) since ingest started. */
  admitted: Record<string, number>;
  deferred: Record<string, number>;
  /** Classes held back lately and still waiting for calls, most important first. */
  waiting: string[];
  lastDeferred: { requestClass: string; reason: string; at: number } | null;
}

/** One reading of the platform, taken by the gateway the admin is connected to. */
export interface OpsSample {
  /** When it was taken, ms since the epoch. */
  at: number;
  /** Per queue name (`ingest`, `payments-reconcile`). */
  queues: Record<string, OpsQueueCounts>;
  /** Per poll job: seconds since its last success (by any ingest replica); null when it never succeeded. */
  ingestLag: Record<string, number | null>;
  /** The most watched matches, most viewers first. */
  hotMatches: OpsHotMatch[];
  /** Open connections on this gateway (every namespace shares one). */
  sockets: number;
  /** Ingest's request planner; null while no ingest has described it lately. */
  planner?: OpsPlanner | null;
}

/** The refusal a connect_error carries in `data`. */
export interface OpsConnectRefusal {
  code: 'auth:unauthenticated' | 'auth:forbidden';
}

export interface OpsServerToClientEvents {
  'ops:sampled': (sample: OpsSample) => void;
}

// The dashboard only listens: the namespace takes no requests.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OpsClientToServerEvents {}

export const OPS_EVENTS = { sampled: 'ops:sampled' } as const;
