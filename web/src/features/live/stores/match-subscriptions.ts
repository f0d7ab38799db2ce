import { applyDelta, type MatchDelta } from '@pitchside/shared/domain';
import {
  type Ack,
  judgeDelta,
  type MatchSubscribe,
  type MatchSubscribeResult,
} from '@pitchside/shared/protocol';
import { connectedChannel } from '../../../lib/live-channel/live-channel.ts';
import { useLiveStore } from './live-store.ts';
import type { HeldMatch } from './match-slice.ts';
import { isTransient, retryDelayMs } from './retry-policy.ts';

/**
 * Keeps the matches pages are watching in step with the server: the module-level actions the socket layer
 * and the hooks call. Per match, the state is `{detail, epoch, seq}` (the slice); this module adds the
 * bookkeeping that is not for display: how many views hold the match, and the request awaiting its ack.
 *
 * Every delta goes through `judgeDelta`: the next one is applied, an old one ignored, and a hole or a new
 * epoch means we can no longer trust what we hold, so we ask for a full snapshot.
 */
interface Subscription {
  views: number;
  /**
   * Set while a match:subscribe awaits its ack. Deltas pushed meanwhile wait in `buffer` and are judged
   * against the ack's position once it arrives (the ack may already contain them, or may be older).
   */
  pending: { request: number; buffer: MatchDelta[] } | null;
}

const subscriptions = new Map<string, Subscription>();
let lastRequest = 0;

const store = () => useLiveStore.getState();

/** A view starts showing a match (several views may show the same one: one subscription). */
export function subscribeMatch(matchId: string): void {
  const sub = subscriptions.get(matchId);
  if (sub) {
    sub.views += 1;
    return;
  }
  subscriptions.set(matchId, { views: 1, pending: null });
  store().matchOpened(matchId);
  requestMatch(matchId, 'resume');
}

/** A view stops showing a match; the last one out unsubscribes and drops what was held. */
export function unsubscribeMatch(matchId: string): void {
  const sub = subscriptions.get(matchId);
  if (!sub || --sub.views > 0) return;
  subscriptions.delete(matchId);
  store().matchClosed(matchId);
  connectedChannel()?.request('match:unsubscribe', { matchId });
}

/** On every (re)connect: ask again for every match held, from where we stand. */
export function resubscribeMatches(): void {
  for (const matchId of subscriptions.keys()) requestMatch(matchId, 'resume');
}

/** The connection dropped: answers in flight are void (the next connect asks again). */
export function abandonMatchRequests(): void {
  for (const sub of subscriptions.values()) sub.pending = null;
}

/** A `match:updated` push, already parsed at the socket boundary. */
export function receiveMatchDelta(delta: MatchDelta): void {
  const sub = subscriptions.get(delta.matchId);
  if (!sub) return; // a late push for a match no view holds any more
  if (sub.pending) {
    sub.pending.buffer.push(delta);
    return;
  }
  const held = store().matches.get(delta.matchId)?.held ?? null;
  const verdict = judgeDelta(held, delta);
  if (verdict === 'duplicate') return;
  if (verdict === 'apply' && held) store().matchHeld(delta.matchId, follow(held, delta));
  else requestMatch(delta.matchId, 'snapshot'); // 'gap' or 'reset'
}

/**
 * A first paint from REST while the socket is not up yet. Used only when nothing better is held:
 * the socket's answer, whenever it comes, wins.
 */
export function seedMatch(matchId: string, result: Ack<HeldMatch>): void {
  const slot = store().matches.get(matchId);
  if (!subscriptions.has(matchId) || !slot || slot.held || slot.error) return;
  if ('data' in result) store().matchHeld(matchId, result.data);
  else store().matchFailed(matchId, result.error);
}

/**
 * Sends match:subscribe. 'resume' passes `since` when we hold the match, so the server sends only what we
 * missed; 'snapshot' asks for everything again. Without a connection it does nothing: connecting asks.
 */
function requestMatch(matchId: string, mode: 'resume' | 'snapshot'): void {
  const sub = subscriptions.get(matchId);
  const channel = connectedChannel();
  if (!sub || !channel) return;
  const request = ++lastRequest;
  // Deltas buffered for an earlier request were published before the server reads its answer to this one.
  sub.pending = { request, buffer: [] };
  const held = mode === 'resume' ? store().matches.get(matchId)?.held : null;
  const payload: MatchSubscribe = held
    ? { matchId, since: { epoch: held.epoch, seq: held.seq } }
    : { matchId };
  channel.request('match:subscribe', payload, (ack) => onSubscribed(matchId, request, ack));
}

/** The answer to a match:subscribe, already parsed by the channel (the socket boundary). */
function onSubscribed(matchId: string, request: number, ack: Ack<MatchSubscribeResult>): void {
  const sub = subscriptions.get(matchId);
  // The view left, the connection dropped, or a newer request superseded this one.
  if (!sub?.pending || sub.pending.request !== request) return;
  const { buffer } = sub.pending;
  sub.pending = null;

  if ('error' in ack) {
    store().matchFailed(matchId, ack.error);
    if (isTransient(ack.error.code)) {
      // Only if this is still the same subscription and nothing newer was asked meanwhile.
      setTimeout(() => {
        if (subscriptions.get(matchId) === sub && !sub.pending) requestMatch(matchId, 'resume');
      }, retryDelayMs());
    }
    return;
  }
  const result = ack.data;
  let held: HeldMatch | null;
  if (result.kind === 'snapshot') {
    held = { detail: result.detail, epoch: result.epoch, seq: result.seq };
  } else {
    held = fold(store().matches.get(matchId)?.held ?? null, result.deltas);
    // The ack says where the stream stands; if folding its deltas did not get us there, something is missing.
    if (held && (held.epoch !== result.epoch || held.seq !== result.seq)) held = null;
  }
  if (!held) {
    requestMatch(matchId, 'snapshot');
    return;
  }
  const caughtUp = fold(held, buffer);
  store().matchHeld(matchId, caughtUp ?? held);
  if (!caughtUp) requestMatch(matchId, 'snapshot');
}

/** Applies deltas in order; null as soon as one does not follow on (a gap or a reset). */
function fold(from: HeldMatch | null, deltas: readonly MatchDelta[]): HeldMatch | null {
  let held = from;
  for (const delta of deltas) {
    const verdict = judgeDelta(held, delta);
    if (verdict === 'duplicate') continue;
    if (verdict !== 'apply' || !held) return null;
    held = follow(held, delta);
  }
  return held;
}

const follow = (held: HeldMatch, delta: MatchDelta): HeldMatch => ({
  detail: applyDelta(held.detail, delta),
  epoch: delta.epoch,
  seq: delta.seq,
});
