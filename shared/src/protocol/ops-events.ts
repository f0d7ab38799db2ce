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
