import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Sits between ingest and the simulated game API and, when armed, holds the n-th match-detail request
 * (`/fixtures?id=…`): the job making it is caught half-way, some matches written and the rest not. The test
 * then lets the request through (`answer`: a worker that finishes its job) or drops it (`drop`: one that died).
 */
export class DetailHold {
  private readonly server: Server;
  private seen = 0;
  private holdAt = 0;
  private held: ((answer: boolean) => void) | null = null;
  private onHeld: (() => void) | null = null;

  constructor(private readonly upstream: string) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once the n-th detail request from now is being held. */
  holdNth(n: number): Promise<void> {
    this.seen = 0;
    this.holdAt = n;
    return new Promise((resolve) => (this.onHeld = resolve));
  }

  /** Passes the held request on to the game API, and every later one. */
  answer(): void {
    this.release(true);
  }

  /** Drops the held request's connection unanswered; later ones pass. */
  drop(): void {
    this.release(false);
  }

  close(): Promise<void> {
    this.drop();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private release(answer: boolean): void {
    this.holdAt = 0;
    this.held?.(answer);
    this.held = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.upstream);
    if (
      url.pathname === '/fixtures' &&
      url.searchParams.has('id') &&
      this.holdAt > 0 &&
      ++this.seen === this.holdAt
    ) {
      const answer = await new Promise<boolean>((resolve) => {
        this.held = resolve;
        this.onHeld?.();
      });
      if (!answer) {
        res.destroy();
        return;
      }
    }
    const upstream = await fetch(url);
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length'),
    );
    res.writeHead(upstream.status, headers).end(Buffer.from(await upstream.arrayBuffer()));
  }
}
