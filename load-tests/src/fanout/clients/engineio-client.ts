import WebSocket from 'ws';
import { EVENTS, SOCKET_PATH } from '@pitchside/shared/protocol';
import { wallNow, type ClientImplementation } from '../ipc.ts';
import { deltaFieldsOfBytes, deltaFieldsOfText, type DeltaFields } from './delta-fields.ts';
import { openRawWebSocket } from './raw-websocket.ts';

/**
 * Light viewers: one socket each and a few checks per frame, so 10,000 of them fit on one core and
 * the benchmark measures the server, not socket.io-client. The Engine.IO v4 / Socket.IO v5 framing
 * they speak (https://socket.io/docs/v4/engine-io-protocol/, https://socket.io/docs/v4/socket-io-protocol/),
 * one packet per WebSocket frame:
 *   0{"sid",..}   Engine.IO open          2 / 3      Engine.IO ping / pong
 *   40 / 40{..}   namespace connect       44{..}     connect error
 *   42<id>[ev,..] event (id: wants an ack) 43<id>[..] ack
 * Two socket implementations: `ws` (the library), and `raw` (raw-websocket.ts, cheaper per frame).
 */

export interface ViewerHandlers {
  /**
   * A delta arrived: its seq and at, and when the frame was handed to us (wall ms). Returns true
   * when the fleet wants the delta's JSON too (first copy of a seq): then `onPayload` follows at once.
   */
  onDelta(fields: DeltaFields, receivedAt: number): boolean;
  onPayload(fields: DeltaFields, json: string): void;
  /** A frame that should have been a delta and was not one. */
  onMalformed(): void;
  /** The socket closed or failed after the viewer was ready. */
  onLost(reason: string): void;
}

export interface ReadyViewer {
  /** The position the server said the viewer starts from (the subscribe ack's seq; 0 for bare ws). */
  startSeq: number;
  close(): void;
}

export interface ViewerOptions {
  client: ClientImplementation;
  /** 'raw': the bare ws server (every frame is a delta's JSON). 'engine.io': Socket.IO framing. */
  protocol: 'raw' | 'engine.io';
  url: string;
  matchId: string;
  timeoutMs: number;
}

type State = 'opening' | 'connecting' | 'subscribing' | 'ready' | 'closed';

const SUBSCRIBE_ACK_ID = 0;
/** The subscribe's ack: `43` + id, then the JSON array of the ack's arguments. */
const ACK_PREFIX = `43${SUBSCRIBE_ACK_ID}[`;
const EVENT_PREFIX = `42[${JSON.stringify(EVENTS.matchUpdated)},`;
const EVENT_PREFIX_BYTES = Buffer.from(EVENT_PREFIX);
const CLOSE_BRACKET = 0x5d;

export const engineIoUrl = (port: number): string =>
  `ws://127.0.0.1:${port}${SOCKET_PATH}/?EIO=4&transport=websocket`;

/** Connects one viewer; for Engine.IO, also joins the namespace and subscribes, resolving on the ack. */
export function connectViewer(options: ViewerOptions, handlers: ViewerHandlers): Promise<ReadyViewer> {
  return new Promise((resolve, reject) => {
    let state: State = 'opening';
    let send: (text: string) => void = () => undefined;
    let closeSocket: () => void = () => undefined;
    const timer = setTimeout(() => fail(`timed out while ${state}`), options.timeoutMs);

    function fail(reason: string): void {
      if (state === 'closed') return;
      const wasReady = state === 'ready';
      state = 'closed';
      clearTimeout(timer);
      closeSocket();
      if (wasReady) handlers.onLost(reason);
      else reject(new Error(reason));
    }

    function ready(startSeq: number): void {
      state = 'ready';
      clearTimeout(timer);
      resolve({ startSeq, close: () => fail('closed by fleet') });
    }

    function deltaText(json: string, receivedAt: number): void {
      const fields = deltaFieldsOfText(json);
      if (!fields) return handlers.onMalformed();
      if (handlers.onDelta(fields, receivedAt)) handlers.onPayload(fields, json);
    }

    function deltaBytes(buf: Buffer, start: number, end: number, receivedAt: number): void {
      const fields = deltaFieldsOfBytes(buf, start, end);
      if (!fields) return handlers.onMalformed();
      // Decoded only when asked for: most copies of a delta never become a string.
      if (handlers.onDelta(fields, receivedAt)) handlers.onPayload(fields, buf.toString('utf8', start, end));
    }

    /** Every text frame as a string: the control packets, and the hot path of the `ws` client. */
    function onText(text: string, receivedAt: number): void {
      if (options.protocol === 'raw') return deltaText(text, receivedAt);
      if (text.startsWith(EVENT_PREFIX) && text.endsWith(']'))
        return deltaText(text.slice(EVENT_PREFIX.length, -1), receivedAt);
      switch (text[0]) {
        case '2':
          return send('3');
        case '0':
          if (state !== 'opening') return fail('unexpected Engine.IO open');
          state = 'connecting';
          return send('40');
        case '1':
          return fail('Engine.IO close');
        case '4':
          return onSocketIoPacket(text);
      }
    }

    /** The hot path of the raw client: a delta never becomes a string unless the fleet asks for it. */
    function onBytes(buf: Buffer, start: number, end: number): void {
      const receivedAt = wallNow();
      if (options.protocol === 'raw') return deltaBytes(buf, start, end, receivedAt);
      const prefixEnd = start + EVENT_PREFIX_BYTES.length;
      if (
        end > prefixEnd &&
        buf[end - 1] === CLOSE_BRACKET &&
        EVENT_PREFIX_BYTES.compare(buf, start, prefixEnd) === 0
      ) {
        return deltaBytes(buf, prefixEnd, end - 1, receivedAt);
      }
      onText(buf.toString('utf8', start, end), receivedAt);
    }

    function onSocketIoPacket(text: string): void {
      if (text.startsWith('40') && state === 'connecting') {
        state = 'subscribing';
        send(`42${SUBSCRIBE_ACK_ID}${JSON.stringify([EVENTS.matchSubscribe, { matchId: options.matchId }])}`);
      } else if (text.startsWith(ACK_PREFIX) && state === 'subscribing') {
        let ack: unknown;
        try {
          [ack] = JSON.parse(text.slice(ACK_PREFIX.length - 1)) as [unknown];
        } catch {
          return fail(`unparseable ack ${text.slice(0, 60)}`);
        }
        const seq = (ack as { data?: { seq?: unknown } } | undefined)?.data?.seq;
        if (typeof seq !== 'number') return fail(`subscribe refused: ${JSON.stringify(ack).slice(0, 200)}`);
        ready(seq);
      } else if (text.startsWith('44')) {
        fail(`connect_error ${text.slice(2, 200)}`);
      } else if (text.startsWith('41')) {
        fail('disconnected by server');
      }
    }

    const onOpen = () => {
      if (options.protocol === 'raw') ready(0);
    };

    if (options.client === 'raw') {
      const socket = openRawWebSocket(options.url, options.timeoutMs, {
        onOpen,
        onText: onBytes,
        onClose: fail,
      });
      send = (text) => socket.sendText(text);
      closeSocket = () => socket.close();
      return;
    }

    const ws = new WebSocket(options.url, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      handshakeTimeout: options.timeoutMs,
    });
    send = (text) => ws.send(text);
    closeSocket = () => ws.terminate();
    ws.on('open', onOpen);
    ws.on('message', (data: WebSocket.RawData) => {
      const receivedAt = wallNow();
      onText((data as Buffer).toString(), receivedAt);
    });
    ws.on('error', (err) => fail(err.message));
    ws.on('close', (code) => fail(`closed (${code})`));
  });
}
