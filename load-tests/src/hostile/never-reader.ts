import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { maskedFrame, OP_TEXT } from '../ws-frame.ts';

/**
 * A hostile socket.io client at the byte level: it opens a WebSocket to the gateway, joins the main
 * namespace, then sends as fast as the gateway reads and never reads a byte of what comes back (its TCP
 * socket is paused right after the upgrade's answer). The gateway's replies pile up in the kernel, then in
 * the gateway's own buffers, which is what a cap on a connection's unsent bytes is for.
 */
export class NeverReader {
  /** Frames sent so far. */
  sent = 0;
  /** Set once the gateway has cut the connection (a write failed, or the socket closed). */
  closedAt: number | null = null;
  readonly closed: Promise<void>;
  private ackId = 0;

  private constructor(private readonly socket: Socket) {
    this.closed = new Promise((resolve) => {
      const done = () => {
        this.closedAt ??= Date.now();
        resolve();
      };
      socket.once('close', done);
      socket.on('error', done);
    });
  }

  /**
   * Opens the WebSocket (`/socket.io/?EIO=4&transport=websocket`) and joins the main namespace; `headers` go
   * with the upgrade (an `X-Forwarded-For` behind a trusted proxy).
   */
  static async open(
    port: number,
    host = '127.0.0.1',
    headers: Record<string, string> = {},
  ): Promise<NeverReader> {
    const socket = connect(port, host);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.write(
      `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
        `Sec-WebSocket-Version: 13\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n`,
    );
    // Read the upgrade's answer (and whatever came with it), then never again.
    await new Promise<void>((resolve, reject) => {
      let head = '';
      const onData = (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.off('data', onData);
        socket.pause();
        if (head.startsWith('HTTP/1.1 101')) resolve();
        else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
      };
      socket.on('data', onData);
      socket.once('error', reject);
    });
    const client = new NeverReader(socket);
    client.write([frame('40')]); // socket.io CONNECT to "/"
    return client;
  }

  /** A socket.io EVENT with an ack id, as `socket.emit(event, payload, ack)` sends it. */
  request(event: string, payload: unknown): Buffer {
    return frame(`42${this.ackId++}${JSON.stringify([event, payload])}`);
  }

  /** Writes frames; resolves once the kernel took them (the gateway reads on), or the connection is gone. */
  async write(frames: Buffer[]): Promise<void> {
    if (this.closedAt !== null) return;
    this.sent += frames.length;
    if (this.socket.write(Buffer.concat(frames))) return;
    await Promise.race([new Promise((resolve) => this.socket.once('drain', resolve)), this.closed]);
  }

  /** Sends batches from `next` until `ms` have passed or the gateway cut the connection. */
  async flood(ms: number, next: () => Buffer[]): Promise<void> {
    const until = Date.now() + ms;
    while (this.closedAt === null && Date.now() < until) {
      await this.write(next());
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

const frame = (text: string): Buffer => maskedFrame(OP_TEXT, Buffer.from(text));
