import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP load balancer in front of several gateways, as nginx or a cloud balancer would be: each new
 * connection goes to the next backend in turn, and to the one after it when that one refuses. WebSocket
 * connections stay on the backend they were opened on until it goes away.
 */
export class FailoverProxy {
  private readonly server: Server;
  private next = 0;
  private readonly open = new Set<Socket>();
  /** Connections handed to each backend, by port. */
  readonly routed = new Map<number, number>();

  constructor(private readonly backends: number[]) {
    this.server = createServer((client) => this.route(client, 0));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private route(client: Socket, tried: number): void {
    if (tried >= this.backends.length) return void client.destroy();
    const port = this.backends[this.next++ % this.backends.length]!;
    const upstream = connect(port, '127.0.0.1');
    client.pause();
    let connected = false;
    // Refused (the backend is down): try the next one, as nginx's proxy_next_upstream does.
    upstream.once('error', () => {
      if (!connected) this.route(client, tried + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      this.routed.set(port, (this.routed.get(port) ?? 0) + 1);
      this.open.add(client).add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => {
        this.open.delete(upstream);
        client.destroy();
      });
      client.on('close', () => {
        this.open.delete(client);
        upstream.destroy();
      });
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
