/**
 * Engine.IO v4 / Socket.IO v5 framing over a plain WebSocket, spoken by hand because k6 has no
 * socket.io-client. Pure functions, no k6 import: unit-tested in Node against a real Socket.IO server
 * (load-tests/src/k6/*.test.ts).
 *
 * Engine.IO packet = one type digit + data: 0 open (handshake JSON), 1 close, 2 ping, 3 pong, 4 message,
 * 6 noop. A Socket.IO packet rides inside a message (4) as: type digit, optional `/nsp,`, optional ack id,
 * optional JSON: 0 connect, 1 disconnect, 2 event, 3 ack, 4 connect_error.
 * https://socket.io/docs/v4/engine-io-protocol/ and https://socket.io/docs/v4/socket-io-protocol/
 */

export interface Handshake {
  sid: string;
  pingInterval: number;
  pingTimeout: number;
  maxPayload?: number;
  upgrades?: string[];
}

export type Packet =
  | { type: 'open'; handshake: Handshake }
  | { type: 'close' }
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'noop' }
  | { type: 'connect'; nsp: string; sid: string | null }
  | { type: 'disconnect'; nsp: string }
  | { type: 'event'; nsp: string; name: string; args: unknown[]; ackId: number | null }
  | { type: 'ack'; nsp: string; id: number; args: unknown[] }
  | { type: 'connect_error'; nsp: string; message: string }
  | { type: 'unknown'; raw: string };

/** Engine.IO's answer to the server's heartbeat ping. */
export const PONG = '3';
/** Socket.IO connect to the main namespace (no auth payload). */
export const CONNECT = '40';

/** The Socket.IO websocket endpoint of a site: http(s)://host → ws(s)://host/socket.io/?EIO=4&transport=websocket. */
export function socketUrl(baseUrl: string, path = '/socket.io'): string {
  const base = baseUrl.replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${base}${path}/?EIO=4&transport=websocket`;
}

/** `42["name",...args]`, or `42<ackId>[...]` when the sender wants an acknowledgement. */
export function encodeEvent(name: string, args: readonly unknown[] = [], ackId?: number): string {
  return `42${ackId ?? ''}${JSON.stringify([name, ...args])}`;
}

const unknown = (raw: string): Packet => ({ type: 'unknown', raw });

export function decode(raw: string): Packet {
  switch (raw[0]) {
    case '0':
      try {
        return { type: 'open', handshake: JSON.parse(raw.slice(1)) as Handshake };
      } catch {
        return unknown(raw);
      }
    case '1':
      return { type: 'close' };
    case '2':
      return { type: 'ping' };
    case '3':
      return { type: 'pong' };
    case '6':
      return { type: 'noop' };
    case '4':
      return decodeSocketIo(raw, raw.slice(1));
    default:
      return unknown(raw);
  }
}

function decodeSocketIo(raw: string, packet: string): Packet {
  const kind = packet[0];
  let i = 1;
  // Binary packets (5, 6) carry `<attachments>-`; k6 viewers never ask for binary, so they are unknown.
  let nsp = '/';
  if (packet[i] === '/') {
    const comma = packet.indexOf(',', i);
    nsp = comma === -1 ? packet.slice(i) : packet.slice(i, comma);
    i = comma === -1 ? packet.length : comma + 1;
  }
  let digits = '';
  while (i < packet.length && packet[i]! >= '0' && packet[i]! <= '9') digits += packet[i++];
  const id = digits === '' ? null : Number(digits);
  let body: unknown = undefined;
  if (i < packet.length) {
    try {
      body = JSON.parse(packet.slice(i));
    } catch {
      return unknown(raw);
    }
  }
  switch (kind) {
    case '0': {
      const sid = body && typeof body === 'object' && 'sid' in body ? String(body.sid) : null;
      return { type: 'connect', nsp, sid };
    }
    case '1':
      return { type: 'disconnect', nsp };
    case '2':
      if (!Array.isArray(body) || typeof body[0] !== 'string') return unknown(raw);
      return { type: 'event', nsp, name: body[0], args: body.slice(1), ackId: id };
    case '3':
      if (!Array.isArray(body) || id === null) return unknown(raw);
      return { type: 'ack', nsp, id, args: body };
    case '4': {
      const message =
        body && typeof body === 'object' && 'message' in body ? String(body.message) : String(body ?? '');
      return { type: 'connect_error', nsp, message };
    }
    default:
      return unknown(raw);
  }
}
