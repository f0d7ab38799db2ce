import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSharedJson } from './shared-data.ts';

export interface Reply {
  status?: number;
  headers?: Record<string, string | readonly string[]>;
  body?: string;
  /** Wait this long before answering, to make a client time out. */
  delayMs?: number;
}

export interface RecordedServer {
  url: string;
  /** Every request received, in order: what a test asserts "the provider was (not) called" with. */
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on port 0 answering from a table of replies, keyed by path with query ("/fixtures?live=all")
 * or by path alone. Unknown paths get a 404. Adapters are tested against it rather than a mocked fetch, so
 * headers, status codes, timeouts and bodies go through the real network stack.
 */
export async function startRecordedServer(routes: Record<string, Reply>): Promise<RecordedServer> {
  const requests: RecordedServer['requests'] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push({ url, headers: req.headers });
    const reply = routes[url] ??
      routes[url.split('?')[0] ?? url] ?? { status: 404, body: '{"message":"not found"}' };
    const send = (): void => {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON reply with the given body. */
export const jsonReply = (body: unknown, headers: Reply['headers'] = {}): Reply => ({
  body: JSON.stringify(body),
  headers,
});

/**
 * A football-data.org exchange as recorded (`*.recorded-http.json`): status, real headers, body. The encoding
 * headers go: the recording stores the body already decompressed.
 */
export function recordedReply(relativePath: string): Reply {
  const recorded = readSharedJson(relativePath) as {
    status: number;
    headers: Record<string, string[]>;
    body: string;
  };
  const headers = Object.fromEntries(
    Object.entries(recorded.headers).filter(
      ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name.toLowerCase()),
    ),
  );
  return { status: recorded.status, headers, body: recorded.body };
}

/** A port nobody listens on: bind one, note it, let it go. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
