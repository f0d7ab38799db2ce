import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { ErrorCode } from '@pitchside/shared/errors';
import { isLoopbackAddress as isLoopback } from '../lib/site-origin.ts';

/**
 * How many sockets one client address may open: `perWindow` new connections every `windowS` seconds (a
 * reconnecting page opens one every second or so; a whole family behind one router a few at once) and
 * `concurrent` open at a time (a stadium behind one carrier-grade NAT is hundreds of fans). Measured in
 * BENCHMARKS.md, "Hostile clients": a flood of handshakes from one address past these limits costs the gateway
 * a refused upgrade each, and the honest viewers nothing they notice.
 */
export interface AddressLimits {
  perWindow: number;
  windowS: number;
  concurrent: number;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = { perWindow: 100, windowS: 5, concurrent: 1000 };

export type AddressRefusal = Extract<ErrorCode, 'connection:rate-limited' | 'connection:too-many'>;

/** `trust proxy` as Express compiles it: which hops may tell the client's address (X-Forwarded-For). */
export type TrustProxy = boolean | number | string | undefined;

/** Past this many addresses with a bucket, full buckets are forgotten before a new one is made. */
const MAX_TRACKED_ADDRESSES = 50_000;

/**
 * Per-address limits on new sockets, checked at the handshake (a WebSocket upgrade before Engine.IO reads it,
 * socket-server.ts; a polling handshake in Engine.IO's `allowRequest`), before any
 * per-connection state exists. The address is the client's as Express sees it (the same `trust proxy`), so
 * behind nginx each fan is limited apart. A loopback address is not limited: it is a local tool, or a proxy
 * nobody told the gateway to trust, and limiting it would limit the whole site as one client (README,
 * "Socket limits").
 */
export class AddressGate {
  /** New-socket token buckets per address: `perWindow` tokens, refilled at `perWindow / windowS` a second. */
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Open sockets per address; an address leaves the map with its last socket. */
  private readonly open = new Map<string, number>();
  private readonly trust: (address: string, hop: number) => boolean;
  private readonly refillPerMs: number;

  constructor(
    private readonly limits: AddressLimits,
    trustProxy: TrustProxy,
    private readonly now: () => number = Date.now,
  ) {
    this.trust = compileTrust(trustProxy);
    this.refillPerMs = limits.perWindow / (limits.windowS * 1000);
  }

  /** The client's address for this request, through the trusted proxies. */
  addressOf(req: IncomingMessage): string {
    return proxyaddr(req as Parameters<typeof proxyaddr>[0], this.trust);
  }

  /**
   * Null when the handshake may go on; else why not. Takes a token from the address's bucket. Synchronous and
   * allocation-free for a known address: a storm of handshakes is refused at the cost of a map lookup.
   */
  admit(req: IncomingMessage): AddressRefusal | null {
    const address = this.addressOf(req);
    if (isLoopback(address)) return null;
    if ((this.open.get(address) ?? 0) >= this.limits.concurrent) return 'connection:too-many';
    const now = this.now();
    let bucket = this.buckets.get(address);
    if (!bucket) {
      if (this.buckets.size >= MAX_TRACKED_ADDRESSES) this.forgetFullBuckets(now);
      bucket = { tokens: this.limits.perWindow, at: now };
      this.buckets.set(address, bucket);
    }
    bucket.tokens = Math.min(this.limits.perWindow, bucket.tokens + (now - bucket.at) * this.refillPerMs);
    bucket.at = now;
    if (bucket.tokens < 1) return 'connection:rate-limited';
    bucket.tokens -= 1;
    return null;
  }

  /** Buckets refilled to the brim are no different from none: dropped, so the map stays as big as the attack. */
  private forgetFullBuckets(now: number): void {
    for (const [address, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.refillPerMs >= this.limits.perWindow)
        this.buckets.delete(address);
    }
  }

  /** A socket of `req`'s client opened; the returned function closes it (call it exactly once). */
  opening(req: IncomingMessage): () => void {
    const address = this.addressOf(req);
    if (isLoopback(address)) return () => {};
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    return () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }

  /** Addresses holding sockets now (for tests and metrics). */
  get addresses(): number {
    return this.open.size;
  }
}

function compileTrust(trustProxy: TrustProxy): (address: string, hop: number) => boolean {
  if (trustProxy === undefined || trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyaddr.compile(trustProxy.split(',').map((s) => s.trim()));
}
