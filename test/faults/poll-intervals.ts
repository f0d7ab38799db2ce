import type { PollIntervals } from '@pitchside/ingest/jobs/poll-jobs';

/**
 * Ingest's poll intervals in the fault tests that play a match to its end at simulator scale 120: the live
 * list every 300 ms and details every 900 ms (a delta every few hundred ms), fixtures every 5 s, the rest
 * once a minute (never within a test).
 */
export const FAULT_POLL_INTERVALS: PollIntervals = {
  'poll-live': 300,
  'poll-details': 900,
  'poll-fixtures': 5000,
  'poll-standings': 60_000,
  'poll-teams': 60_000,
  'poll-squads': 60_000,
  'poll-news': 60_000,
};
