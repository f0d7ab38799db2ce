import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import type { LibraryInternals } from './library-internals.ts';
import { SmallMap } from './small-map.ts';

/**
 * What an idle viewer costs. A hot match holds tens of thousands of connections that do nothing but receive
 * deltas, so every byte Socket.IO, Engine.IO and ws keep per connection counts (BENCHMARKS.md, "Memory",
 * measured with `npm run bench:fanout`). This module drops what the gateway never reads again and stores the
 * rest more compactly, without changing what any of those libraries does.
 *
 * Every step looks for the internal it slims and does nothing when it is not there: if a library changes,
 * the connection just costs what it did before. Each step reports to `internals` whether it applied
 * (library-internals.ts), and a test fails when one did not on the installed versions.
 */

/**
 * Slims an Engine.IO connection as soon as it is open (`io.engine`'s 'connection', after Socket.IO has made
 * its client for it), while what it replaces is still young garbage that the next scavenge frees; later,
 * the replaced objects would already sit in the old generation and leave holes there.
 *
 * The handshake's HTTP request goes: we never read it again, and with its headers it is about 1.5 KB of every
 * idle viewer. Engine.IO 6 keeps it in three places:
 * - `request` on its socket (the socket.io docs, "Memory usage", recommend dropping it);
 * - the closure of `onUpgradeError`, a no-op 'error' listener left on every WebSocket that connected directly
 *   (the transport has its own error handler);
 * - the `WebSocketResponse` made for upgrade middlewares, which forwards the TCP socket's 'close' to listeners
 *   we never register (engine.io server.ts, `socket.once("close", () => this.emit("close"))`).
 * On a WebSocket connection, also:
 * - the transport's 'headers' listener: Engine.IO adds it to the handshake's transport for HTTP long-polling
 *   responses, and a WebSocket transport never emits it;
 * - what ws's receiver keeps of the last message it read (`releaseReceiveBuffers`, run after each message).
 * Then the listener tables of the Engine.IO socket, its transport and the ws socket are rebuilt compactly
 * (`compactListeners`), and the socket's one-element list of cleanup functions is trimmed (`trim`).
 */
export function slimEngineConnection(rawSocket: object, internals: LibraryInternals): void {
  const conn = rawSocket as EngineSocketInternals;
  internals.note('engine.request', typeof conn.request === 'object' && conn.request !== null);
  conn.request = null;
  const transport = conn.transport;
  const ws = transport?.socket;
  // The steps below concern a connection made on a WebSocket (the website opens no other kind); a polling
  // connection has none of what they slim, so they are not counted for it.
  const onWebSocket = transport?.name === 'websocket' && ws !== undefined;
  if (onWebSocket) {
    internals.note(
      'engine.upgrade-error-listener',
      removeListeners(ws, 'error', (fn) => fn.name === 'onUpgradeError') > 0,
    );
    internals.note(
      'engine.response-close-forwarder',
      ws._socket !== undefined &&
        removeListeners(ws._socket, 'close', (fn) => fn.toString() === '() => this.emit("close")') > 0,
    );
    const headers = transport.listenerCount?.('headers') ?? 0;
    transport.removeAllListeners?.('headers');
    internals.note('engine.transport-headers', headers > 0 && transport.listenerCount?.('headers') === 0);
    const receiver = ws._receiver;
    const releasable =
      typeof receiver === 'object' && '_mask' in receiver && Array.isArray(receiver._buffers);
    if (internals.note('ws.receive-buffers', releasable)) ws.on('message', releaseReceiveBuffers);
  }
  // Each of these handlers runs once, or is guarded by a readyState so that a second call does nothing
  // (engine.io socket.ts `onClose`, `onError`; transport.ts `onClose`); see `compactListeners`.
  let compacted = compactListeners(conn, ['close']);
  if (onWebSocket) {
    compacted = compactListeners(transport, ['close', 'error']) && compacted;
    compacted = compactListeners(ws, ['close']) && compacted;
  }
  internals.note('engine.listener-tables', compacted);
  internals.note('engine.cleanup-fn', trim(conn, 'cleanupFn'));
}

/**
 * Slims a Socket.IO socket once it is connected and our handlers are attached (the end of 'connection'):
 * - the handshake's empty `headers`, `query` and `auth` objects (it is built after the request was released,
 *   so headers and query are empty; connection middleware has already run), and its `time` string, which is
 *   the same text for every viewer connecting in the same second: the previous connection's is kept instead;
 * - the room named after the socket's own id, which Socket.IO joins for `io.to(socket.id)`; we never address
 *   a single socket that way (acks answer requests, deltas go to the match's viewers);
 * - its listener table, rebuilt compactly (`compactListeners`), and two one-element arrays that grew to
 *   seventeen slots (`trim`): its catch-all listeners and its client's decoder's listeners;
 * - the three maps that hold at most one entry each, as `SmallMap`s: the client's sockets by id and by
 *   namespace, and the socket's pending acks.
 */
export function slimSocket(socket: Socket, internals: LibraryInternals): void {
  internals.note('socket.handshake', slimHandshake(socket));
  internals.note('socket.own-room', socket.rooms.has(socket.id));
  void socket.leave(socket.id);
  internals.note('socket.listener-table', compactListeners(socket));
  internals.note('socket.any-listeners', trim(socket, '_anyListeners'));
  const client = socket.client as unknown as ClientInternals;
  internals.note('client.decoder-callbacks', trim(client.decoder?._callbacks, '$decoded'));
  // Both, each tried whatever the other did.
  const sockets = small(client, 'sockets');
  internals.note('client.small-maps', small(client, 'nsps') && sockets);
  internals.note('socket.small-acks', small(socket, 'acks'));
}

/** Internals of Engine.IO's socket, its WebSocket transport and the `ws` socket under it that we touch. */
interface EngineSocketInternals {
  request?: IncomingMessage | null;
  transport?: TransportInternals;
  cleanupFn?: unknown;
}
interface TransportInternals {
  name?: string;
  socket?: WebSocketInternals;
  listenerCount?: (event: string) => number;
  removeAllListeners?: (event: string) => void;
}
interface WebSocketInternals extends EventEmitterLike {
  _socket?: EventEmitterLike;
  _receiver?: { _mask?: unknown; _buffers?: unknown };
  on(event: 'message', fn: (this: WebSocketInternals) => void): void;
}
interface ClientInternals {
  sockets?: unknown;
  nsps?: unknown;
  decoder?: { _callbacks?: Record<string, unknown> };
}
interface EventEmitterLike {
  listeners(event: string): unknown[];
  removeListener(event: string, fn: (...args: unknown[]) => void): void;
}
type Handshake = Socket['handshake'];

/** Removes the listeners `match` picks; returns how many it removed. */
function removeListeners(
  emitter: EventEmitterLike,
  event: string,
  match: (fn: (...args: unknown[]) => void) => boolean,
): number {
  let removed = 0;
  for (const listener of emitter.listeners(event)) {
    const fn = listener as (...args: unknown[]) => void;
    if (!match(fn)) continue;
    emitter.removeListener(event, fn);
    removed++;
  }
  return removed;
}

const EMPTY = Object.freeze({});
/** The last connection's handshake time (`new Date() + ""`, 62 characters, to the second). */
let lastTime = '';

/** False when the handshake does not hold the objects it slims. */
function slimHandshake(socket: Socket): boolean {
  const handshake = socket.handshake as { -readonly [K in keyof Handshake]: unknown };
  if (typeof handshake.headers !== 'object' || typeof handshake.query !== 'object') return false;
  handshake.headers = EMPTY;
  handshake.query = EMPTY;
  const auth = handshake.auth;
  if (auth && typeof auth === 'object' && Reflect.ownKeys(auth).length === 0) handshake.auth = EMPTY;
  if (handshake.time === lastTime) handshake.time = lastTime;
  else if (typeof handshake.time === 'string') lastTime = handshake.time;
  return true;
}

/**
 * Rebuilds an EventEmitter's listener table in a form V8 stores compactly. Node creates the table as
 * `{ __proto__: null }`, which V8 keeps as a hash table sized for growth: 160 bytes for up to three event
 * names, 448 for six, on each of the four emitters of every connection. The same keys on an object that has
 * a null prototype from `Object.setPrototypeOf({}, null)` get fast properties instead, laid out by a hidden
 * class all connections share: 56 bytes for up to four names, and a small array for more. Keys, their order, the
 * null prototype and every listener stay as they were; only a later removal turns the table back into a hash
 * table, as it would have been anyway.
 *
 * `onceEvents` names events this emitter fires at most once, or whose handlers are guarded so a second call
 * does nothing: a `once` listener of those is kept as the listener itself rather than Node's wrapper (a bound
 * function and a five-field state object, about 110 bytes). It is still found by `removeListener(event, fn)`,
 * which is how Engine.IO removes it.
 */
function compactListeners(emitter: unknown, onceEvents: readonly string[] = []): boolean {
  const target = emitter as { _events?: unknown } | undefined;
  const events = target?._events;
  if (typeof events !== 'object' || events === null || Object.getPrototypeOf(events) !== null) return false;
  const source = events as Record<PropertyKey, unknown>;
  const table = Object.setPrototypeOf({}, null) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(source)) {
    const value = source[key];
    table[key] = typeof key === 'string' && onceEvents.includes(key) ? withoutOnceWrapper(value) : value;
  }
  target!._events = table;
  return true;
}

/** Node's `once` registers `onceWrapper.bind(state)` with the listener on its `listener` property. */
function withoutOnceWrapper(value: unknown): unknown {
  const unwrap = (fn: unknown) => {
    const listener = (fn as { listener?: unknown } | undefined)?.listener;
    return typeof fn === 'function' && fn.name === 'bound onceWrapper' && typeof listener === 'function'
      ? listener
      : fn;
  };
  return Array.isArray(value) ? value.map(unwrap) : unwrap(value);
}

/**
 * Runs after each message a connection's ws socket delivers (after Engine.IO's own listener), shared by every
 * connection. ws's receiver keeps the masking key of the last frame it read as a 4-byte view into the chunk
 * the frame came in (receiver.js, `getMask`: `this._mask = this.consume(4)`), so the whole chunk, with its
 * buffer objects and native backing store, stays alive until the next frame: about 400 bytes of every idle
 * viewer, renewed by each heartbeat pong. A message is delivered once its last frame is read, and the key is
 * read again only after the next frame's header has set a new one, so the key is dropped here. The receiver's
 * queue of chunks has kept the room its first `push` gave it (152 bytes): when it is empty (the bytes of a
 * next frame may already wait in it), a fresh empty queue replaces it.
 */
function releaseReceiveBuffers(this: WebSocketInternals): void {
  const receiver = this._receiver;
  if (!receiver) return;
  receiver._mask = undefined;
  if (Array.isArray(receiver._buffers) && receiver._buffers.length === 0) receiver._buffers = [];
}

/**
 * A copy of an array sized to what it holds. An array that grew from `[]` by one `push` has room for
 * seventeen elements (152 bytes); these hold one listener or cleanup function for the connection's lifetime,
 * and the libraries read them through the property each time, so the copy serves the same.
 */
function trim(holder: unknown, key: string): boolean {
  const object = holder as Record<string, unknown> | undefined;
  const array = object?.[key];
  if (!Array.isArray(array) || array.length === 0) return false;
  object![key] = array.slice();
  return true;
}

/** Swaps a plain `Map` of at most one entry for a `SmallMap` with the same entry. */
function small(holder: object, key: string): boolean {
  const object = holder as Record<string, unknown>;
  const map = object[key];
  if (!(map instanceof Map && map.constructor === Map && map.size <= 1)) return false;
  object[key] = SmallMap.from(map);
  return true;
}
