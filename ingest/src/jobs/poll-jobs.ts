import { QUEUE_NAMES } from '@pitchside/shared/constants';

/** The poll jobs, one fixed scheduler id each: restarting ingest never adds a second schedule. */
export const POLL_JOBS = [
  'poll-live',
  'poll-details',
  'poll-fixtures',
  'poll-standings',
  'poll-teams',
  'poll-squads',
  'poll-news',
] as const;
export type PollJob = (typeof POLL_JOBS)[number];

export const INGEST_QUEUE = QUEUE_NAMES.ingest;
