import { Router } from 'express';
import { z } from 'zod';
import { IdSchema, SportSlugSchema, sportOf } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { DateSchema, TimeZoneSchema, type ScoreboardEntry } from '@pitchside/shared/protocol';
import { hotMatches } from '../read-model/hot-matches.ts';
import { byKickoff, type MatchReads } from '../read-model/match-reads.ts';
import { zonedDate, zonedDayRange } from '../lib/zoned-day.ts';
import { cacheFor, FIXTURES_SECONDS, LIVE_SECONDS } from './cache-control.ts';
import { parseInput } from './http-errors.ts';

/** Every list takes an optional `sport`: without it, every sport's matches. */
const SportFilter = { sport: SportSlugSchema.optional() };
const ByDateQuery = z.strictObject({ date: DateSchema, tz: TimeZoneSchema.default('UTC'), ...SportFilter });
const LiveQuery = z.strictObject(SportFilter);
const IdParams = z.object({ id: IdSchema });
/** The day is today in `tz` unless a date is asked for. */
const HotQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  date: DateSchema.optional(),
  tz: TimeZoneSchema.default('UTC'),
  ...SportFilter,
});

const inSport =
  (sport: string | undefined) =>
  (entry: ScoreboardEntry): boolean =>
    sport === undefined || sportOf(entry.match.competition) === sport;

/**
 * `pinned`: the operators' pinned hot matches (issue 6, content/), listed first on the hot read, in order.
 */
export function matchesRoutes(
  matches: MatchReads,
  now: () => number = Date.now,
  pinned?: () => Promise<readonly string[]>,
): Router {
  const router = Router();

  /** Matches on a calendar day in the caller's time zone (a 23:30 kickoff in Lisbon is "tomorrow" in Berlin). */
  router.get('/matches', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { date, tz, sport } = parseInput(ByDateQuery, req.query);
    const { start, end } = zonedDayRange(date, tz);
    const entries = await matches.entries(await matches.idsByKickoff(start, end));
    res.json({ data: entries.filter(inSport(sport)).sort(byKickoff) });
  });

  router.get('/matches/live', cacheFor(LIVE_SECONDS), async (req, res) => {
    const { sport } = parseInput(LiveQuery, req.query);
    const entries = await matches.entries(await matches.liveIds());
    res.json({ data: entries.filter(inSport(sport)).sort(byKickoff) });
  });

  /**
   * Live and upcoming matches of the day, hottest first (read-model/heat-score.ts says how hot is scored),
   * after the operators' pins. Open pages fetch it again when a pin changes (`content:changed`), so caches
   * must ask every time (the weak ETag makes an unchanged list a 304).
   */
  router.get('/matches/hot', async (req, res) => {
    res.set('Cache-Control', 'public, no-cache');
    const { limit, date, tz, sport } = parseInput(HotQuery, req.query);
    const nowMs = now();
    const { start, end } = zonedDayRange(date ?? zonedDate(nowMs, tz), tz);
    const pins = pinned ? await pinned() : [];
    res.json({ data: await hotMatches(matches, { start, end, nowMs, limit, sport, pinned: pins }) });
  });

  router.get('/matches/:id', cacheFor(LIVE_SECONDS), async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    const found = await matches.detail(id);
    if (!found) throw new PitchsideError('match:not-found', `No match has the id ${id}.`);
    res.json({ data: found });
  });

  return router;
}
