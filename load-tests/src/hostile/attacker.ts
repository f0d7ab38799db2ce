/**
 * The hostile side of `bench:hostile`, a process of its own (so its work is not the honest viewers'): from one
 * address (X-Forwarded-For, the gateway trusting its loopback proxy), `flooders` sockets that send requests as
 * fast as the gateway reads and never read an answer, opened again each time the gateway cuts one, and a storm
 * of `connections` WebSocket handshakes at once, each held open if admitted, `retry` refused ones tried again
 * every second. Runs `seconds`, then prints one
 * JSON line: what it sent and what the gateway did about it.
 *
 *   node --import tsx load-tests/src/hostile/attacker.ts '{"port":8080,"address":"203.0.113.66",...}'
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { NeverReader } from './never-reader.ts';

interface AttackConfig {
  port: number;
  address: string;
  matchId: string;
  flooders: number;
  connections: number;
  /** Refused handshakes tried again each second. */
  retry: number;
  seconds: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as AttackConfig;
const headers = { 'X-Forwarded-For': config.address };
const until = Date.now() + config.seconds * 1000;

const report = {
  floodFrames: 0,
  floodersCut: 0,
  flooderReopensRefused: 0,
  handshakes: 0,
  admitted: 0,
  refused: {} as Record<string, number>,
  heldAtEnd: 0,
};

/** One flooder for the whole run: floods until cut, then opens again (refused while the address is limited). */
async function flooder(): Promise<void> {
  while (Date.now() < until) {
    let reader: NeverReader;
    try {
      reader = await NeverReader.open(config.port, '127.0.0.1', headers);
    } catch {
      report.flooderReopensRefused++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    await reader.flood(until - Date.now(), () =>
      Array.from({ length: 50 }, () => reader.request('match:subscribe', { matchId: config.matchId })),
    );
    report.floodFrames += reader.sent;
    if (reader.closedAt !== null) report.floodersCut++;
    reader.destroy();
  }
}

/** One WebSocket handshake; the socket is kept open when the gateway upgrades it. */
function handshake(held: Socket[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(config.port, '127.0.0.1');
    let head = '';
    socket.on('error', () => resolve());
    socket.once('connect', () =>
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          `Sec-WebSocket-Version: 13\r\nX-Forwarded-For: ${config.address}\r\n\r\n`,
      ),
    );
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      report.handshakes++;
      if (head.startsWith('HTTP/1.1 101')) {
        report.admitted++;
        held.push(socket);
      } else {
        const code = head.slice(head.indexOf('\r\n\r\n') + 4).trim() || head.split('\r\n')[0]!;
        report.refused[code] = (report.refused[code] ?? 0) + 1;
        socket.destroy();
      }
      resolve();
    };
    socket.on('data', onData);
  });
}

/**
 * The storm: `connections` handshakes at once; then, every second, as many again as the gateway admitted and
 * has since closed (an attacker keeping its few thousand sockets open), and `retry` of the refused ones.
 */
async function storm(): Promise<number> {
  const held: Socket[] = [];
  await Promise.all(Array.from({ length: config.connections }, () => handshake(held)));
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const closed = held.filter((s) => s.destroyed).length;
    for (let i = held.length - 1; i >= 0; i--) if (held[i]!.destroyed) held.splice(i, 1);
    const refusedSoFar = Object.values(report.refused).reduce((a, b) => a + b, 0);
    const again = closed + Math.min(config.retry, refusedSoFar);
    await Promise.all(Array.from({ length: again }, () => handshake(held)));
  }
  const open = held.filter((s) => !s.destroyed).length;
  for (const socket of held) socket.destroy();
  return open;
}

const [heldAtEnd] = await Promise.all([storm(), ...Array.from({ length: config.flooders }, () => flooder())]);
report.heldAtEnd = heldAtEnd;
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
