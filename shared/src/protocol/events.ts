import type { ContentChanged, ContentSubscribe, ContentSubscribed } from '../content/index.ts';
import type { MatchDelta } from '../domain/index.ts';
import type {
  AckCallback,
  MatchSubscribe,
  MatchSubscribeResult,
  MatchUnsubscribe,
  ScoreboardSnapshot,
  ScoreboardSubscribe,
  ScoreboardUpdate,
} from './messages.ts';

/**
 * The socket protocol, typed once: the gateway is `Server<ClientToServerEvents, ServerToClientEvents>`,
 * the web client `Socket<ServerToClientEvents, ClientToServerEvents>`.
 * Requests are imperative (`match:subscribe`) and answer through an ack; pushes are past tense.
 */
export interface ClientToServerEvents {
  'match:subscribe': (payload: MatchSubscribe, ack: AckCallback<MatchSubscribeResult>) => void;
  'match:unsubscribe': (payload: MatchUnsubscribe, ack: AckCallback<{ matchId: string }>) => void;
  'scoreboard:subscribe': (payload: ScoreboardSubscribe, ack: AckCallback<ScoreboardSnapshot>) => void;
  'scoreboard:unsubscribe': (payload: ScoreboardSubscribe, ack: AckCallback<{ room: string }>) => void;
  /** Follow an operator-managed resource (issue 6); `content:changed` then says when to fetch it again. */
  'content:subscribe': (payload: ContentSubscribe, ack: AckCallback<ContentSubscribed>) => void;
  'content:unsubscribe': (payload: ContentSubscribe, ack: AckCallback<{ topic: string }>) => void;
}

export interface ServerToClientEvents {
  'match:updated': (delta: MatchDelta) => void;
  'scoreboard:updated': (update: ScoreboardUpdate) => void;
  'content:changed': (change: ContentChanged) => void;
  /**
   * This gateway is shutting down: it closes the connection (an `io server disconnect`) within `withinMs`.
   * The client reconnects, reaching another gateway through the balancer, and resubscribes with `since`, as
   * after any reconnect. Clients that ignore the notice lose nothing: the disconnect alone says the same.
   */
  'server:draining': (notice: ServerDraining) => void;
}

export interface ServerDraining {
  withinMs: number;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

/**
 * What the gateway keeps per connection. Created lazily: most viewers hold one subscription, and a hot
 * match has tens of thousands of them, so every idle byte counts.
 */
export interface SocketData {
  matches?: Set<string>;
  scoreboards?: Set<string>;
  /** Token bucket for inbound requests: tokens left and when they were last counted. */
  tokens?: number;
  tokensAt?: number;
  /** Whether the current flood was told it is rate-limited (the rest of it goes unanswered). */
  warned?: boolean;
  /** Unknown events answered so far (at most MAX_UNKNOWN_EVENT_ANSWERS). */
  unknownAnswered?: number;
}

/** Socket.IO path and the event names, for code that cannot use the types (k6, raw Engine.IO clients). */
export const SOCKET_PATH = '/socket.io';
export const EVENTS = {
  matchSubscribe: 'match:subscribe',
  matchUnsubscribe: 'match:unsubscribe',
  scoreboardSubscribe: 'scoreboard:subscribe',
  scoreboardUnsubscribe: 'scoreboard:unsubscribe',
  matchUpdated: 'match:updated',
  scoreboardUpdated: 'scoreboard:updated',
  contentSubscribe: 'content:subscribe',
  contentUnsubscribe: 'content:unsubscribe',
  contentChanged: 'content:changed',
  serverDraining: 'server:draining',
} as const;
