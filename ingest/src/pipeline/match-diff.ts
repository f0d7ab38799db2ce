import {
  compareEvents,
  type Clock,
  type Match,
  type MatchChange,
  type MatchDetail,
  type MatchEvent,
} from '@pitchside/shared/domain';
import type { MatchUpdate } from '../providers/provider.ts';

/**
 * Diffs what a poll learned against the stored snapshot. Returns the changes (empty when nothing moved)
 * and the next snapshot (events in timeline order, as clients keep them). Parts the poll did not carry are kept as stored, so a live list without lineups
 * never wipes them. Pure: the same inputs give the same output, which makes re-ingesting a payload a no-op.
 */
export function diffMatch(
  stored: MatchDetail | null,
  update: MatchUpdate,
): { changes: MatchChange[]; next: MatchDetail } {
  const next: MatchDetail = {
    match: update.match,
    events: update.events ? uniqueEvents(update.events).sort(compareEvents) : (stored?.events ?? []),
    lineups: update.lineups ?? stored?.lineups ?? [],
    statistics: update.statistics ?? stored?.statistics ?? [],
  };
  if (!stored) return { changes: initialChanges(next), next };

  const changes: MatchChange[] = [];
  const before = stored.match;
  const after = next.match;

  if (infoChanged(before, after)) changes.push({ type: 'info', match: after });
  else {
    if (!same(before.score, after.score)) changes.push({ type: 'score', score: after.score });
    if (before.status !== after.status)
      changes.push({ type: 'status', status: after.status, clock: after.clock });
    else if (!sameClock(before.clock, after.clock)) changes.push({ type: 'clock', clock: after.clock });
  }
  if (update.events) changes.push(...diffEvents(stored.events, next.events));
  if (update.lineups && !same(stored.lineups, update.lineups))
    changes.push({ type: 'lineups', lineups: update.lineups });
  if (update.statistics && !same(stored.statistics, update.statistics)) {
    changes.push({ type: 'statistics', statistics: update.statistics });
  }
  return { changes, next };
}

/** A new match: one 'info' change carries the header; the rest follow only if there is something. */
function initialChanges(detail: MatchDetail): MatchChange[] {
  const changes: MatchChange[] = [{ type: 'info', match: detail.match }];
  for (const event of detail.events) changes.push({ type: 'event_added', event });
  if (detail.lineups.length > 0) changes.push({ type: 'lineups', lineups: detail.lineups });
  if (detail.statistics.length > 0) changes.push({ type: 'statistics', statistics: detail.statistics });
  return changes;
}

/** Anything but the score, status and clock changed: rare, so the whole header goes. */
function infoChanged(before: Match, after: Match): boolean {
  const { score: _s1, status: _st1, clock: _c1, ...restBefore } = before;
  const { score: _s2, status: _st2, clock: _c2, ...restAfter } = after;
  return !same(restBefore, restAfter);
}

/**
 * Events by stable id: new ids are added, known ids whose content moved are corrected
 * (a VAR review, a scorer renamed), ids that vanished are removed (a goal cancelled).
 */
export function diffEvents(before: readonly MatchEvent[], after: readonly MatchEvent[]): MatchChange[] {
  const changes: MatchChange[] = [];
  const old = new Map(before.map((e) => [e.id, e]));
  const seen = new Set<string>();
  for (const event of after) {
    if (seen.has(event.id)) continue; // a provider repeating an event must not make it appear twice
    seen.add(event.id);
    const previous = old.get(event.id);
    if (!previous) changes.push({ type: 'event_added', event });
    else if (!same(previous, event)) changes.push({ type: 'event_updated', event });
  }
  for (const event of before)
    if (!seen.has(event.id)) changes.push({ type: 'event_removed', eventId: event.id });
  return changes;
}

/** Removes repeated event ids, keeping the first: what gets stored never holds an id twice. */
export function uniqueEvents(events: readonly MatchEvent[]): MatchEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
}

const sameClock = (a: Clock, b: Clock): boolean => a.elapsed === b.elapsed && a.stoppage === b.stoppage;

/** Structural equality for plain JSON data (what every domain value is). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
