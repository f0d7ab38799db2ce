import type { ContentChanged, ContentSubscribed, ContentTopic } from '@pitchside/shared/content';
import { connectedChannel } from '../live-channel/live-channel.ts';

/**
 * The operator-managed topics open views follow (issue 6), over the page's one socket: `content:subscribe`
 * while at least one view follows a topic, `content:unsubscribe` when the last one leaves. A push
 * (`content:changed`) calls the topic's listeners; so does every reconnect after the first connection,
 * since a change may have been missed while the socket was down. There is nothing to resume: listeners
 * fetch the resource again. A first subscription also catches up when the topic changed after this
 * document was rendered (between the server render, which the server's page cache may have kept for a
 * while, and the socket opening): the answer says when it last changed, in the server's clock, as the
 * document's render time is.
 */
type Listener = () => void;

const topics = new Map<ContentTopic, Set<Listener>>();
let connectedBefore = false;
/** When the server rendered this document (ISO, its clock), once the live connection was told. */
let pageRenderedAt: string | null = null;

/** Slack for clocks and trips: a change this close before the page's data counts as after it. */
const SLACK_MS = 1000;

function subscribe(topic: ContentTopic, catchUp: boolean): void {
  connectedChannel()?.request('content:subscribe', { topic }, (ack) => {
    if (catchUp && 'data' in ack && changedSincePageRequest(ack.data)) notify(topic);
  });
}

export function setPageRenderedAt(renderedAt: string): void {
  pageRenderedAt = renderedAt;
}

/**
 * Whether the topic changed after this page's data was read: after the server rendered the document when
 * that time is known, otherwise after the request left (the server's now minus the time since the
 * navigation started, performance.now(), in the server's clock).
 */
export function changedSincePageRequest(
  { changedAt, now }: ContentSubscribed,
  renderedAt: string | null = pageRenderedAt,
  sinceNavigationMs: number = typeof performance === 'undefined' ? 0 : performance.now(),
): boolean {
  if (!changedAt) return false;
  const dataAsOf = renderedAt ? Date.parse(renderedAt) : Date.parse(now) - sinceNavigationMs;
  return Date.parse(changedAt) > dataAsOf - SLACK_MS;
}

function notify(topic: ContentTopic): void {
  for (const listener of [...(topics.get(topic) ?? [])]) listener();
}

/** A view follows `topic`; returns the function that stops it. */
export function followContentTopic(topic: ContentTopic, listener: Listener): () => void {
  let listeners = topics.get(topic);
  if (!listeners) {
    listeners = new Set();
    topics.set(topic, listeners);
    subscribe(topic, true);
  }
  listeners.add(listener);
  return () => {
    const current = topics.get(topic);
    if (!current?.delete(listener) || current.size > 0) return;
    topics.delete(topic);
    connectedChannel()?.request('content:unsubscribe', { topic });
  };
}

/** On every (re)connect: subscribe again, and after a reconnect let every follower catch up. */
export function resubscribeContentTopics(): void {
  const reconnected = connectedBefore;
  connectedBefore = true;
  for (const topic of topics.keys()) {
    subscribe(topic, !reconnected);
    if (reconnected) notify(topic);
  }
}

/** A `content:changed` push, already parsed at the socket boundary. */
export function receiveContentChanged(change: ContentChanged): void {
  notify(change.topic);
}
