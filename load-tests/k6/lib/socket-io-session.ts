import { CONNECT, PONG, decode, encodeEvent } from './engine-io.ts';

/**
 * The part of a WebSocket a session needs: k6's `k6/websockets` WebSocket and Node's `ws` both fit, so the
 * same session runs in k6 and in the Node unit tests.
 */
export interface WebSocketLike {
  send(data: string): void;
  close(): void;
  addEventListener(event: 'open' | 'message' | 'close' | 'error', listener: (event: object) => void): void;
}

export interface SessionHandlers {
  /** The Socket.IO connection to the main namespace is up: requests may be sent. */
  onConnect?(): void;
  /** A push from the server, e.g. `match:updated`. */
  onEvent?(name: string, args: unknown[]): void;
  /** The session ended: `reason` says how (server close, connect_error, transport error or close). */
  onClose?(reason: string): void;
}

export type SessionState = 'opening' | 'connected' | 'closed';

/**
 * A Socket.IO client session on one WebSocket: answers the handshake with a connect, every ping with a pong,
 * routes pushes and acks, and says why it ended.
 */
export class SocketIoSession {
  state: SessionState = 'opening';
  sid: string | null = null;
  pings = 0;
  private nextAckId = 0;
  private readonly acks = new Map<number, (args: unknown[]) => void>();

  constructor(
    private readonly ws: WebSocketLike,
    private readonly handlers: SessionHandlers = {},
  ) {
    ws.addEventListener('message', (event) => this.receive(String('data' in event ? event.data : '')));
    ws.addEventListener('close', () => this.end('transport close'));
    ws.addEventListener('error', () => this.end('transport error'));
  }

  /** Sends an event; with `onAck`, asks for an acknowledgement and calls it with the ack's arguments. */
  emit(name: string, payload: unknown, onAck?: (response: unknown) => void): void {
    if (this.state !== 'connected') throw new Error(`socket.io session is ${this.state}`);
    if (!onAck) return this.ws.send(encodeEvent(name, [payload]));
    const id = this.nextAckId++;
    this.acks.set(id, (args) => onAck(args[0]));
    this.ws.send(encodeEvent(name, [payload], id));
  }

  /** Acks still awaited. */
  get pendingAcks(): number {
    return this.acks.size;
  }

  close(): void {
    if (this.state === 'closed') return;
    this.end('client close');
    this.ws.close();
  }

  private receive(text: string): void {
    const packet = decode(text);
    switch (packet.type) {
      case 'open':
        this.ws.send(CONNECT);
        return;
      case 'ping':
        this.pings++;
        this.ws.send(PONG);
        return;
      case 'connect':
        this.state = 'connected';
        this.sid = packet.sid;
        this.handlers.onConnect?.();
        return;
      case 'event':
        this.handlers.onEvent?.(packet.name, packet.args);
        return;
      case 'ack': {
        const callback = this.acks.get(packet.id);
        this.acks.delete(packet.id);
        callback?.(packet.args);
        return;
      }
      case 'connect_error':
        this.end(`connect_error: ${packet.message}`);
        this.ws.close();
        return;
      case 'disconnect':
      case 'close':
        this.end('server close');
        this.ws.close();
        return;
      default:
        return;
    }
  }

  private end(reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.acks.clear();
    this.handlers.onClose?.(reason);
  }
}
