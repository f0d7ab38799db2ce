import type { ContentChanged, ContentTopic } from '@pitchside/shared/content';
import { connectedChannel } from './live-channel.ts';

/**
 * The operator-managed topics open views follow (issue 6), over the page's one socket: `content:subscribe`
 * while at least one view follows a topic, `content:unsubscribe` when the last one leaves. A push
 * (`content:changed`) calls the topic's listeners; so does every reconnect after the first connection,
 * since a change may have been missed while the socket was down. There is nothing to resume: listeners
 * fetch the resource again.
 */
type Listener = () => void;

const topics = new Map<ContentTopic, Set<Listener>>();
let connectedBefore = false;

function subscribe(topic: ContentTopic): void {
  connectedChannel()?.request('content:subscribe', { topic });
}

/** A view follows `topic`; returns the function that stops it. */
export function followContentTopic(topic: ContentTopic, listener: Listener): () => void {
  let listeners = topics.get(topic);
  if (!listeners) {
    listeners = new Set();
    topics.set(topic, listeners);
    subscribe(topic);
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
  for (const [topic, listeners] of topics) {
    subscribe(topic);
    if (reconnected) for (const listener of [...listeners]) listener();
  }
}

/** A `content:changed` push, already parsed at the socket boundary. */
export function receiveContentChanged(change: ContentChanged): void {
  for (const listener of [...(topics.get(change.topic) ?? [])]) listener();
}
