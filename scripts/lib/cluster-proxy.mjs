// The local balancer of `npm run start:cluster`: one public port in front of several gateways, as nginx is in
// infra/nginx/pitchside.conf. Plain Node ESM plus http-proxy-3 (this workspace's one dependency).
//
// - WebSocket upgrades and plain HTTP go round robin: every gateway serves every match (they share nothing but
//   Redis), and the website opens its socket WebSocket-only, so a viewer needs no particular gateway. A new
//   connection after a gateway stops (SIGTERM drain, crash) simply lands on another one.
// - Sticky only where Socket.IO's long-polling fallback needs it. A polling session is a series of separate
//   HTTP requests carrying `?sid=`, and only the gateway that opened the session knows that sid (any other
//   answers 400 "Session ID unknown"); the WebSocket upgrade of a polling session carries the sid too. So the
//   proxy reads the sid out of each handshake answer (`0{"sid":...}`) and sends every later request with that
//   sid to the same gateway. Making everything sticky instead would pin viewers to a gateway for nothing and
//   keep load from spreading again after a gateway comes back.
// - A gateway that refuses a connection (stopped, restarting) is skipped for a second and the request goes to
//   the next one, as nginx's `proxy_next_upstream error` does.
import http from 'node:http';
import net from 'node:net';
import { createProxyServer } from 'http-proxy-3';

const SOCKET_PATH = '/socket.io/';
/** A polling session that sent nothing for this long is gone (Engine.IO pings every 25 s). */
const SESSION_IDLE_MS = 120_000;
const DOWN_FOR_MS = 1_000;

/**
 * @param {{ port: number, host?: string, backends: string[], log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, server: http.Server, routed: Map<string, number>, sessions: Map<string, unknown>, close(): Promise<void> }>}
 */
export async function startClusterProxy({ port, host = '127.0.0.1', backends, log = () => {} }) {
  if (backends.length === 0) throw new Error('startClusterProxy: no backends');
  const proxy = createProxyServer({ xfwd: true, ws: true, proxyTimeout: 60_000 });
  // Errors of established WebSockets (a gateway closing under them) end those connections, nothing more.
  proxy.on('error', (error) => log(`proxy: ${error.code ?? error.message}`));
  /** sid -> { backend, seenAt } for polling sessions. */
  const sessions = new Map();
  /** backend -> when it may be tried again after refusing a connection. */
  const downUntil = new Map();
  /** Requests and upgrades handed to each backend (for tests and the startup line). */
  const routed = new Map(backends.map((b) => [b, 0]));
  let next = 0;

  const pickRoundRobin = (exclude) => {
    const now = Date.now();
    for (let i = 0; i < backends.length; i++) {
      const candidate = backends[next++ % backends.length];
      if (candidate !== exclude && (downUntil.get(candidate) ?? 0) <= now) return candidate;
    }
    // Every gateway looks down: try one anyway rather than fail without asking.
    return backends.find((b) => b !== exclude) ?? backends[0];
  };

  const sidOf = (req) => {
    if (!req.url?.startsWith(SOCKET_PATH)) return null;
    return new URL(req.url, 'http://proxy').searchParams.get('sid');
  };

  const route = (req) => {
    const sid = sidOf(req);
    if (sid) {
      const session = sessions.get(sid);
      if (session) {
        session.seenAt = Date.now();
        return { target: session.backend, sticky: true };
      }
    }
    return { target: pickRoundRobin(), sticky: false };
  };

  // Learns the sid of each polling handshake from its answer, without holding the answer back.
  proxy.on('proxyRes', (proxyRes, req) => {
    if (!req.url?.startsWith(SOCKET_PATH) || sidOf(req)) return;
    const url = new URL(req.url, 'http://proxy');
    if (url.searchParams.get('transport') !== 'polling' || proxyRes.statusCode !== 200) return;
    let head = '';
    const onData = (chunk) => {
      head += chunk.toString('latin1');
      const match = /"sid":"([^"]+)"/.exec(head);
      if (match || head.length > 512) {
        proxyRes.off('data', onData);
        if (match) sessions.set(match[1], { backend: req.pitchsideTarget, seenAt: Date.now() });
      }
    };
    proxyRes.on('data', onData);
  });

  const refused = (error) => ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH'].includes(error?.code);

  const forward = (req, res, target, retried) => {
    req.pitchsideTarget = target;
    routed.set(target, routed.get(target) + 1);
    proxy.web(req, res, { target }, (error) => {
      // Retry elsewhere only what can be replayed: a request without a body, not yet answered.
      const replayable = req.method === 'GET' || req.method === 'HEAD';
      if (refused(error)) downUntil.set(target, Date.now() + DOWN_FOR_MS);
      if (refused(error) && replayable && !retried && !res.headersSent && !sidOf(req)) {
        return forward(req, res, pickRoundRobin(target), true);
      }
      log(`proxy: ${req.method} ${req.url} to ${target} failed: ${error.code ?? error.message}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway');
    });
  };

  /** Resolves whether the backend accepts a TCP connection (a stopped gateway refuses at once). */
  const accepts = (target) =>
    new Promise((resolve) => {
      const { hostname, port } = new URL(target);
      const probe = net.connect({ host: hostname, port: Number(port) });
      probe.once('connect', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });

  // http-proxy-3 destroys the client's socket when the upstream upgrade fails, so a WebSocket cannot be
  // retried after the fact as a GET can: the backend is probed first (a loopback connect, well under 1 ms).
  const upgrade = async (req, socket, head) => {
    const sticky = route(req);
    let target = sticky.target;
    if (!sticky.sticky && !(await accepts(target))) {
      downUntil.set(target, Date.now() + DOWN_FOR_MS);
      target = pickRoundRobin(target);
    }
    req.pitchsideTarget = target;
    routed.set(target, routed.get(target) + 1);
    proxy.ws(req, socket, head, { target }, (error) => {
      if (refused(error)) downUntil.set(target, Date.now() + DOWN_FOR_MS);
      log(`proxy: WebSocket ${req.url} to ${target} failed: ${error.code ?? error.message}`);
    });
  };

  const server = http.createServer((req, res) => forward(req, res, route(req).target, false));
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    void upgrade(req, socket, head);
  });

  const sweep = setInterval(() => {
    const cutoff = Date.now() - SESSION_IDLE_MS;
    for (const [sid, session] of sessions) if (session.seenAt < cutoff) sessions.delete(sid);
  }, SESSION_IDLE_MS / 4);
  sweep.unref();

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    server,
    routed,
    sessions,
    async close() {
      clearInterval(sweep);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
    },
  };
}
