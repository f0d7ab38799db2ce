import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@pitchside/shared/protocol';
import { useLiveStore } from '../stores/live-store.ts';
import {
  abandonMatchRequests,
  receiveMatchDelta,
  resubscribeMatches,
} from '../stores/match-subscriptions.ts';
import {
  abandonScoreboardRequests,
  receiveScoreboardUpdate,
  resubscribeScoreboards,
} from '../stores/scoreboard-subscriptions.ts';
import { setLiveChannel, type LiveChannel } from '../../../lib/live-channel/live-channel.ts';
import {
  receiveContentChanged,
  resubscribeContentTopics,
  setPageRenderedAt,
} from '../../../lib/content-topics/content-topics.ts';

type LiveParsers = typeof import('../../../lib/live-channel/live-parsers.ts');

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A server that keeps dropping us right after connecting should not be hammered: see onServerDisconnect. */
const STABLE_AFTER_MS = 10_000;
const KICK_BACKOFF_BASE_MS = 500;
const KICK_BACKOFF_MAX_MS = 30_000;

/**
 * Opens the page's one socket (same origin, WebSocket only) and wires it to the live store. Returns the
 * function that closes it. Connection state moves only through the machine in connection-machine.ts.
 *
 * On every (re)connect everything the pages hold is subscribed again, matches with `since` so the server
 * sends only what was missed. socket.io's manager retries with its exponential backoff and jitter.
 */
export function startLiveConnection(options: { pageRenderedAt?: string } = {}): () => void {
  if (options.pageRenderedAt) setPageRenderedAt(options.pageRenderedAt);
  let stop: (() => void) | undefined;
  let stopped = false;
  // The parsers (zod and shared's schemas) are a chunk of their own, evaluated in a task of their own
  // after socket.io's: two shorter tasks instead of one long one while the page may still be hydrating.
  // Nothing is received before they are in place: the socket connects only then.
  import('../../../lib/live-channel/live-parsers.ts').then(
    (parsers) => {
      if (!stopped) stop = connect(parsers);
    },
    (error: unknown) => console.error('The live connection could not start', error),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

function connect({
  readAck,
  MatchDeltaSchema,
  ScoreboardUpdateSchema,
  ContentChangedSchema,
}: LiveParsers): () => void {
  const socket: LiveSocket = io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    // Its own manager: a stop followed by a start (React StrictMode does that) must not share state.
    forceNew: true,
    autoConnect: false,
  });
  const { connectionEvent } = useLiveStore.getState();
  let connectedAt = 0;
  let kicks = 0;
  let kickTimer: ReturnType<typeof setTimeout> | undefined;

  const abandonRequests = () => {
    abandonMatchRequests();
    abandonScoreboardRequests();
  };

  socket.on('connect', () => {
    connectedAt = Date.now();
    connectionEvent({ type: 'connected' });
    resubscribeMatches();
    resubscribeScoreboards();
    resubscribeContentTopics();
  });

  socket.on('disconnect', (reason) => {
    abandonRequests();
    if (reason === 'io client disconnect') return; // we closed it
    connectionEvent({ type: 'disconnected' });
    if (reason === 'io server disconnect') onServerDisconnect();
  });

  // A failed attempt: socket.io schedules the next one itself.
  socket.on('connect_error', () => connectionEvent({ type: 'disconnected' }));
  socket.io.on('reconnect_failed', () => connectionEvent({ type: 'gave-up' }));

  /**
   * socket.io does not reconnect after the server closed the socket on purpose (a gateway shutting down
   * sends that). Another gateway can take us, so we reconnect, after a full-jitter backoff that grows while
   * the server keeps doing it (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/).
   */
  function onServerDisconnect(): void {
    if (Date.now() - connectedAt > STABLE_AFTER_MS) kicks = 0;
    kicks += 1;
    const delay = Math.random() * Math.min(KICK_BACKOFF_MAX_MS, KICK_BACKOFF_BASE_MS * 2 ** kicks);
    clearTimeout(kickTimer);
    kickTimer = setTimeout(() => socket.connect(), delay);
  }

  // Payloads are parsed at the boundary; one that does not parse is dropped, and the next delta then shows
  // up as a gap, which brings a fresh snapshot.
  socket.on('match:updated', (raw) => {
    const parsed = MatchDeltaSchema.safeParse(raw);
    if (parsed.success) receiveMatchDelta(parsed.data);
    else console.warn('Dropped a malformed match:updated', parsed.error.issues);
  });
  socket.on('scoreboard:updated', (raw) => {
    const parsed = ScoreboardUpdateSchema.safeParse(raw);
    if (parsed.success) receiveScoreboardUpdate(parsed.data);
    else console.warn('Dropped a malformed scoreboard:updated', parsed.error.issues);
  });
  socket.on('content:changed', (raw) => {
    const parsed = ContentChangedSchema.safeParse(raw);
    if (parsed.success) receiveContentChanged(parsed.data);
    else console.warn('Dropped a malformed content:changed', parsed.error.issues);
  });

  const onOffline = () => connectionEvent({ type: 'browser-offline' });
  const onOnline = () => {
    connectionEvent({ type: 'browser-online', socketConnected: socket.connected });
    // The network is back: try now rather than when the backoff timer happens to fire.
    if (!socket.connected) socket.disconnect().connect();
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);

  // Requests go out through the socket; their answers come back parsed (live-parsers.ts), as pushes do.
  const channel: LiveChannel = {
    get connected() {
      return socket.connected;
    },
    request(event, payload, onAck) {
      const emit = socket.emit.bind(socket) as (e: string, p: unknown, ack: (raw: unknown) => void) => void;
      emit(event, payload, (raw) => onAck?.(readAck(event, raw)));
    },
  };
  setLiveChannel(channel);
  socket.connect();

  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    clearTimeout(kickTimer);
    setLiveChannel(null);
    abandonRequests();
    socket.removeAllListeners();
    socket.io.removeAllListeners('reconnect_failed');
    socket.disconnect();
  };
}
