import { QUEUE_NAMES } from '@pitchside/shared/constants';
import type { RequestClass } from '../planner/request-planner.ts';

/** The poll jobs, one fixed scheduler id each: restarting ingest never adds a second schedule. */
export const POLL_JOBS = [
  'poll-live',
  'poll-details',
  'poll-fixtures',
  'poll-on-demand',
  'poll-standings',
  'poll-teams',
  'poll-squads',
  'poll-news',
] as const;
export type PollJob = (typeof POLL_JOBS)[number];

/** What each job's provider calls are for, as the request planner ranks them; news spends no provider call. */
export const REQUEST_CLASS_OF: Record<PollJob, RequestClass | null> = {
  'poll-live': 'live',
  'poll-details': 'details',
  'poll-fixtures': 'fixtures',
  'poll-on-demand': 'on-demand',
  'poll-standings': 'standings',
  'poll-teams': 'teams',
  'poll-squads': 'squads',
  'poll-news': null,
};

/**
 * poll-on-demand's schedule when none is given: a visitor waits on it (their page shows what is stored
 * meanwhile), and a run with nothing asked for costs one Redis read.
 */
export const ON_DEMAND_POLL_MS = 2000;

/** Poll intervals in ms; poll-on-demand may be left out (ON_DEMAND_POLL_MS). */
export type PollIntervals = Omit<Record<PollJob, number>, 'poll-on-demand'> & { 'poll-on-demand'?: number };

export const INGEST_QUEUE = QUEUE_NAMES.ingest;
