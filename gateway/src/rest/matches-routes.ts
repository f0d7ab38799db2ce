import { Router } from 'express';
import { z } from 'zod';
import { IdSchema, isFinished } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { DateSchema, TimeZoneSchema } from '@pitchside/shared/protocol';
import { byKickoff, type MatchReads } from '../read-model/match-reads.ts';
import { zonedDayRange } from '../lib/zoned-day.ts';
import { cacheFor, FIXTURES_SECONDS, LIVE_SECONDS } from './cache-control.ts';
import { parseInput } from './http-errors.ts';

const ByDateQuery = z.strictObject({ date: DateSchema, tz: TimeZoneSchema.default('UTC') });
const IdParams = z.object({ id: IdSchema });
const HeadToHeadParams = z.object({ teamA: IdSchema, teamB: IdSchema });
const HeadToHeadQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export function matchesRoutes(matches: MatchReads): Router {
  const router = Router();

  /** Matches on a calendar day in the caller's time zone (a 23:30 kickoff in Lisbon is "tomorrow" in Berlin). */
  router.get('/matches', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { date, tz } = parseInput(ByDateQuery, req.query);
    const { start, end } = zonedDayRange(date, tz);
    const entries = (await matches.entries(await matches.idsByKickoff(start, end))).sort(byKickoff);
    res.json({ data: entries });
  });

  router.get('/matches/live', cacheFor(LIVE_SECONDS), async (_req, res) => {
    const entries = (await matches.entries(await matches.liveIds())).sort(byKickoff);
    res.json({ data: entries });
  });

  router.get('/matches/:id', cacheFor(LIVE_SECONDS), async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    const found = await matches.detail(id);
    if (!found) throw new PitchsideError('match:not-found', `No match has the id ${id}.`);
    res.json({ data: found });
  });

  /** Past meetings of two teams, newest first, from the matches we hold. */
  router.get('/head-to-head/:teamA/:teamB', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { teamA, teamB } = parseInput(HeadToHeadParams, req.params);
    const { limit } = parseInput(HeadToHeadQuery, req.query);
    const [a, b] = await Promise.all([matches.teamIds(teamA), matches.teamIds(teamB)]);
    const common = a.filter((id) => b.includes(id));
    const entries = (await matches.entries(common))
      .filter((e) => isFinished(e.match.status))
      .sort(byKickoff)
      .reverse()
      .slice(0, limit);
    res.json({ data: entries });
  });

  return router;
}
