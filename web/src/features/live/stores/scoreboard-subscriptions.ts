import {
  type Ack,
  scoreboardRoom,
  type ScoreboardEntry,
  type ScoreboardSnapshot,
  type ScoreboardScope,
  type ScoreboardUpdate,
} from '@pitchside/shared/protocol';
import { connectedChannel } from '../../../lib/live-channel/live-channel.ts';
import { useLiveStore } from './live-store.ts';
import { isTransient, retryDelayMs } from './retry-policy.ts';

/**
 * Keeps the scoreboards pages are watching (a scope such as "live") in step with the server. A scoreboard
 * has no resumable history: every (re)connect fetches the whole list again, and pushes are folded in by
 * each entry's own `{epoch, seq}`.
 */
interface Subscription {
  scope: ScoreboardScope;
  views: number;
  /** Pushes that arrive before the subscribe ack wait here and are folded into the ack's list. */
  pending: { request: number; buffer: ScoreboardUpdate[] } | null;
}

const subscriptions = new Map<string, Subscription>();
let lastRequest = 0;

const store = () => useLiveStore.getState();

/** A view starts showing a scoreboard; returns its room, the key to read it by. */
export function subscribeScoreboard(scope: ScoreboardScope): string {
  const room = scoreboardRoom(scope);
  const sub = subscriptions.get(room);
  if (sub) {
    sub.views += 1;
    return room;
  }
  subscriptions.set(room, { scope, views: 1, pending: null });
  store().scoreboardOpened(room);
  requestScoreboard(room);
  return room;
}

export function unsubscribeScoreboard(scope: ScoreboardScope): void {
  const room = scoreboardRoom(scope);
  const sub = subscriptions.get(room);
  if (!sub || --sub.views > 0) return;
  subscriptions.delete(room);
  store().scoreboardClosed(room);
  connectedChannel()?.request('scoreboard:unsubscribe', { scope });
}

export function resubscribeScoreboards(): void {
  for (const room of subscriptions.keys()) requestScoreboard(room);
}

export function abandonScoreboardRequests(): void {
  for (const sub of subscriptions.values()) sub.pending = null;
}

/** A `scoreboard:updated` push, already parsed at the socket boundary. */
export function receiveScoreboardUpdate(update: ScoreboardUpdate): void {
  const sub = subscriptions.get(update.room);
  if (!sub) return;
  if (sub.pending) sub.pending.buffer.push(update);
  else store().scoreboardUpdated(update.room, update);
}

/** A first paint from REST while the socket is not up yet; ignored once the socket has answered. */
export function seedScoreboard(scope: ScoreboardScope, result: Ack<readonly ScoreboardEntry[]>): void {
  const room = scoreboardRoom(scope);
  const slot = store().scoreboards.get(room);
  if (!subscriptions.has(room) || !slot || slot.loaded) return;
  if ('data' in result) store().scoreboardReplaced(room, result.data);
  else store().scoreboardFailed(room, result.error);
}

function requestScoreboard(room: string): void {
  const sub = subscriptions.get(room);
  const channel = connectedChannel();
  if (!sub || !channel) return;
  const request = ++lastRequest;
  sub.pending = { request, buffer: [] };
  channel.request('scoreboard:subscribe', { scope: sub.scope }, (ack) => onSubscribed(room, request, ack));
}

/** The answer to a scoreboard:subscribe, already parsed by the channel (the socket boundary). */
function onSubscribed(room: string, request: number, ack: Ack<ScoreboardSnapshot>): void {
  const sub = subscriptions.get(room);
  if (!sub?.pending || sub.pending.request !== request) return;
  const { buffer } = sub.pending;
  sub.pending = null;

  if ('error' in ack) {
    store().scoreboardFailed(room, ack.error);
    if (isTransient(ack.error.code)) {
      // Only if this is still the same subscription and nothing newer was asked meanwhile.
      setTimeout(() => {
        if (subscriptions.get(room) === sub && !sub.pending) requestScoreboard(room);
      }, retryDelayMs());
    }
    return;
  }
  store().scoreboardReplaced(room, ack.data.entries);
  for (const update of buffer) store().scoreboardUpdated(room, update);
}
