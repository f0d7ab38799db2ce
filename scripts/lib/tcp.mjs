// Plain Node (no dependencies): whether something accepts TCP connections at host:port.
import net from 'node:net';

/**
 * Resolves true when something accepts a TCP connection at host:port within the timeout. With `greeting`,
 * it must also answer it with a first chunk that `answered` accepts: a ping in the service's own protocol.
 * @param {{ greeting?: string, answered?: (reply: string) => boolean }} [probe]
 */
export function pingTcp(host, port, timeoutMs = 1000, { greeting, answered = () => true } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    if (greeting === undefined) {
      socket.once('connect', () => done(true));
      return;
    }
    socket.once('connect', () => socket.write(greeting));
    socket.once('data', (data) => done(answered(data.toString())));
  });
}
