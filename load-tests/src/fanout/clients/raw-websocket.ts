import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { maskedFrame, OP_TEXT } from '../../ws-frame.ts';

/**
 * A minimal RFC 6455 client for load generation: the handshake, unmasked server frames in, masked
 * client frames out, nothing else (no extensions, no fragmentation: the servers under test send
 * neither). It exists because a `ws` client costs about as much CPU per message as the `ws` server
 * sending it, so with one core each the viewers, not the server, ran out first. Here every socket
 * reads into one shared buffer (`onread`, no allocation and no stream machinery per read) and the
 * payload is handed over as a slice of that buffer, valid only during the callback.
 */

export interface FrameSink {
  /** The handshake succeeded; frames may follow within the same tick. */
  onOpen(): void;
  /** A text frame's payload is buf[start, end): copy anything you keep. */
  onText(buf: Buffer, start: number, end: number): void;
  /** The socket is gone (or never opened); called once. */
  onClose(reason: string): void;
}

export interface RawWebSocket {
  sendText(text: string): void;
  close(): void;
}

/** RFC 6455 section 1.3. */
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Callbacks run one at a time on one thread, so every socket can read into the same buffer. */
const SHARED_READ_BUFFER = Buffer.allocUnsafe(256 * 1024);
const MAX_HANDSHAKE_BYTES = 8 * 1024;

const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

/** Starts the handshake; `sink.onOpen` once the server has answered 101 with the right accept key. */
export function openRawWebSocket(url: string, timeoutMs: number, sink: FrameSink): RawWebSocket {
  const { hostname, port, pathname, search } = new URL(url);
  const key = randomBytes(16).toString('base64');
  const expectedAccept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');

  let open = false;
  let closed = false;
  let handshake = '';
  /** Bytes of an incomplete frame, copied out of the shared buffer until the rest arrives. */
  let pending: Buffer | null = null;

  const socket: Socket = connect({
    host: hostname,
    port: Number(port),
    noDelay: true,
    onread: {
      buffer: SHARED_READ_BUFFER,
      callback: (n: number, buf: Uint8Array) => onBytes(buf as Buffer, n),
    },
  });
  const timer = setTimeout(() => fail('timed out opening'), timeoutMs);

  const api: RawWebSocket = {
    sendText: (text) => {
      if (!closed) socket.write(maskedFrame(OP_TEXT, Buffer.from(text)));
    },
    close: () => fail('closed by client'),
  };

  function fail(reason: string): void {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    socket.destroy();
    sink.onClose(reason);
  }

  socket.on('connect', () => {
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  socket.on('error', (err) => fail(err.message));
  socket.on('close', () => fail('socket closed'));

  function onBytes(buf: Buffer, n: number): boolean {
    if (closed) return false;
    if (!open) return onHandshakeBytes(buf, n);
    if (pending) {
      const joined = Buffer.concat([pending, buf.subarray(0, n)]);
      pending = null;
      parseFrames(joined, joined.length);
    } else parseFrames(buf, n);
    return true;
  }

  function onHandshakeBytes(buf: Buffer, n: number): boolean {
    handshake += buf.toString('latin1', 0, n);
    const end = handshake.indexOf('\r\n\r\n');
    if (end < 0) {
      if (handshake.length > MAX_HANDSHAKE_BYTES) fail('handshake too long');
      return true;
    }
    const head = handshake.slice(0, end);
    if (!/^HTTP\/1\.1 101 /.test(head)) return (fail(`handshake refused: ${head.split('\r\n')[0]}`), false);
    const accept = /\r\nsec-websocket-accept:\s*(\S+)/i.exec(head)?.[1];
    if (accept !== expectedAccept) return (fail('bad Sec-WebSocket-Accept'), false);
    open = true;
    clearTimeout(timer);
    const rest = Buffer.from(handshake.slice(end + 4), 'latin1');
    handshake = '';
    sink.onOpen();
    if (rest.length) parseFrames(rest, rest.length);
    return true;
  }

  function parseFrames(buf: Buffer, n: number): void {
    let offset = 0;
    while (offset < n && !closed) {
      if (n - offset < 2) break;
      const b0 = buf[offset] ?? 0;
      const b1 = buf[offset + 1] ?? 0;
      if ((b0 & 0x80) === 0 || (b0 & 0x70) !== 0 || (b1 & 0x80) !== 0) {
        return fail('fragmented, extended or masked frame: not expected from these servers');
      }
      let length = b1 & 0x7f;
      let header = 2;
      if (length === 126) {
        if (n - offset < 4) break;
        length = buf.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (n - offset < 10) break;
        length = Number(buf.readBigUInt64BE(offset + 2));
        header = 10;
      }
      if (n - offset < header + length) break;
      const start = offset + header;
      const end = start + length;
      const opcode = b0 & 0x0f;
      if (opcode === OP_TEXT) sink.onText(buf, start, end);
      else if (opcode === OP_PING) socket.write(maskedFrame(OP_PONG, Buffer.from(buf.subarray(start, end))));
      else if (opcode === OP_CLOSE) return fail(`close frame ${length >= 2 ? buf.readUInt16BE(start) : ''}`);
      offset = end;
    }
    if (offset < n && !closed) pending = Buffer.from(buf.subarray(offset, n));
  }

  return api;
}
