import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import { PitchsideError } from '@pitchside/shared/errors';
import {
  OPS_EVENTS,
  OPS_NAMESPACE,
  OpsHandshakeSchema,
  type OpsClientToServerEvents,
  type OpsConnectRefusal,
  type OpsServerToClientEvents,
} from '@pitchside/shared/protocol';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { PitchsideServer } from '../socket/socket-server.ts';
import type { OpsSampler } from './ops-sampler.ts';
import type { ViewerCensus } from './viewer-census.ts';

/** Who an admin connection belongs to, and when their admin rights were last confirmed. */
interface OpsSocketData {
  userId: string;
  sessionId: string;
  checkedAt: number;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type OpsNamespace = Namespace<OpsClientToServerEvents, OpsServerToClientEvents, {}, OpsSocketData>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type OpsSocket = Socket<OpsClientToServerEvents, OpsServerToClientEvents, {}, OpsSocketData>;

/** What the namespace needs of the accounts (Accounts has all of it). */
export interface AdminGate {
  tokens: TokenService;
  revocations: SessionRevocations;
  holdsScope(userId: string, scope: string): Promise<boolean>;
}

export interface AdminNamespaceOptions {
  /** How often a sample is pushed, ms; default 1000. */
  intervalMs?: number;
  /** How often a connected admin's scope and session are confirmed again, ms; default 5000. */
  recheckMs?: number;
}

/**
 * The operators' dashboard feed: the admin-only namespace `/admin` on the gateway's one Socket.IO server.
 * The handshake's access token is verified like a bearer header, and the `admin` scope is read from the
 * database (as the admin routes do), so taking the scope away takes effect: at the next connection, and for
 * open ones within `recheckMs`. Samples are taken only while at least one admin is connected.
 */
export function attachAdminNamespace(
  io: PitchsideServer,
  deps: { gate: AdminGate; sampler: OpsSampler; census: ViewerCensus; logger: Logger },
  options: AdminNamespaceOptions = {},
): { close(): void } {
  const intervalMs = options.intervalMs ?? 1000;
  const recheckMs = options.recheckMs ?? 5000;
  const log = deps.logger;
  // The server is typed for the viewers' protocol; this namespace speaks its own (shared/protocol/ops-events.ts).
  const nsp = io.of(OPS_NAMESPACE) as unknown as OpsNamespace;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function admit(auth: unknown): Promise<OpsSocketData> {
    const handshake = OpsHandshakeSchema.safeParse(auth);
    if (!handshake.success) throw new PitchsideError('auth:unauthenticated');
    const claims = await deps.gate.tokens.verifyAccess(handshake.data.token);
    await confirm(claims.userId, claims.sessionId);
    return { userId: claims.userId, sessionId: claims.sessionId, checkedAt: Date.now() };
  }

  async function confirm(userId: string, sessionId: string): Promise<void> {
    if (await deps.gate.revocations.isRevoked(sessionId)) throw new PitchsideError('auth:unauthenticated');
    if (!(await deps.gate.holdsScope(userId, 'admin'))) throw new PitchsideError('auth:forbidden');
  }

  nsp.use((socket, next) => {
    admit(socket.handshake.auth).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => {
        // An expired or forged token, a revoked session: to the dashboard all mean "sign in again".
        const code: OpsConnectRefusal['code'] =
          error instanceof PitchsideError && error.code === 'auth:forbidden'
            ? 'auth:forbidden'
            : 'auth:unauthenticated';
        if (!(error instanceof PitchsideError)) log.error({ err: error }, 'admin handshake failed');
        const refusal = Object.assign(new Error(code), { data: { code } satisfies OpsConnectRefusal });
        next(refusal);
      },
    );
  });

  nsp.on('connection', (socket: OpsSocket) => {
    log.info({ userId: socket.data.userId }, 'operator connected');
    socket.on('disconnect', () => {
      if (nsp.sockets.size === 0) stop();
    });
    timer ??= setTimeout(tick, 0);
  });

  async function recheck(now: number): Promise<void> {
    await Promise.all(
      [...nsp.sockets.values()].map(async (socket) => {
        if (now - socket.data.checkedAt < recheckMs) return;
        socket.data.checkedAt = now;
        try {
          await confirm(socket.data.userId, socket.data.sessionId);
        } catch (error) {
          if (!(error instanceof PitchsideError)) throw error;
          log.info({ userId: socket.data.userId, code: error.code }, 'operator no longer admitted');
          socket.disconnect(true);
        }
      }),
    );
  }

  async function tick(): Promise<void> {
    try {
      await recheck(Date.now());
      if (nsp.sockets.size === 0) return stop();
      await deps.census.watch();
      await deps.census.report();
      nsp.emit(OPS_EVENTS.sampled, await deps.sampler.sample());
    } catch (err) {
      // Redis away or the database slow: skip this sample, the next tick tries again.
      log.warn({ err }, 'ops sample failed');
    }
    timer = !closed && nsp.sockets.size > 0 ? setTimeout(tick, intervalMs) : null;
  }

  function stop(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    close() {
      closed = true;
      stop();
    },
  };
}
