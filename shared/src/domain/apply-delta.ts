import type { MatchDetail } from './match-detail.ts';
import type { MatchChange, MatchDelta } from './match-delta.ts';
import { compareEvents } from './match-event.ts';

/**
 * Applies one delta's changes to a snapshot, returning a new snapshot (the input is not touched).
 * Both ends use it: ingest's diff is tested by checking that applying its output reproduces the new state,
 * and the web store folds live deltas into what the page shows.
 */
export function applyDelta(detail: MatchDetail, delta: Pick<MatchDelta, 'changes'>): MatchDetail {
  return delta.changes.reduce(applyChange, detail);
}

function applyChange(detail: MatchDetail, change: MatchChange): MatchDetail {
  switch (change.type) {
    case 'score':
      return { ...detail, match: { ...detail.match, score: change.score } };
    case 'status':
      return { ...detail, match: { ...detail.match, status: change.status, clock: change.clock } };
    case 'clock':
      return { ...detail, match: { ...detail.match, clock: change.clock } };
    case 'event_added':
    case 'event_updated': {
      const others = detail.events.filter((e) => e.id !== change.event.id);
      // Array.prototype.sort is stable: events at the same minute keep the order they arrived in.
      const events = [...others, change.event].sort(compareEvents);
      return { ...detail, events };
    }
    case 'event_removed':
      return { ...detail, events: detail.events.filter((e) => e.id !== change.eventId) };
    case 'lineups':
      return { ...detail, lineups: change.lineups };
    case 'statistics':
      return { ...detail, statistics: change.statistics };
    case 'info':
      return { ...detail, match: change.match };
  }
}
