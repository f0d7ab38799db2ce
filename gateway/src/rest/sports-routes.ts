import { Router } from 'express';
import { z } from 'zod';
import { SPORTS, sportOf } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { DateSchema, TimeZoneSchema, type SportPage, type SportSummary } from '@pitchside/shared/protocol';
import { zonedDate, zonedDayRange } from '../lib/zoned-day.ts';
import { byKickoff, type MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import { cacheFor, FIXTURES_SECONDS } from './cache-control.ts';
import { parseInput } from './http-errors.ts';

const SlugParams = z.object({
  slug: z
    .string()
    .max(32)
    .regex(/^[a-z0-9-]+$/, 'a sport slug is lowercase letters, digits and hyphens'),
});
/** The day the sport page lists: today in `tz` unless a date is asked for. */
const DayQuery = z.strictObject({ date: DateSchema.optional(), tz: TimeZoneSchema.default('UTC') });

/** The sports the site covers, each with its competitions and the day's matches. Football comes first. */
export function sportsRoutes(
  reference: ReferenceReads,
  matches: MatchReads,
  now: () => number = Date.now,
): Router {
  const router = Router();

  const summaries = async (): Promise<SportSummary[]> => {
    const [competitions, live] = await Promise.all([
      reference.competitions(),
      matches.entries(await matches.liveIds()),
    ]);
    return SPORTS.map((sport) => ({
      slug: sport.slug,
      name: sport.name,
      competitions: competitions.filter((c) => sportOf(c) === sport.slug).length,
      live: live.filter((e) => sportOf(e.match.competition) === sport.slug).length,
    }));
  };

  router.get('/sports', cacheFor(FIXTURES_SECONDS), async (_req, res) => {
    res.json({ data: await summaries() });
  });

  router.get('/sports/:slug', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { slug } = parseInput(SlugParams, req.params);
    const { date, tz } = parseInput(DayQuery, req.query);
    const sport = (await summaries()).find((s) => s.slug === slug);
    if (!sport) {
      const known = SPORTS.map((s) => s.slug).join(', ');
      throw new PitchsideError('sport:not-found', `No sport has the slug "${slug}" (there are ${known}).`);
    }
    const { start, end } = zonedDayRange(date ?? zonedDate(now(), tz), tz);
    const [competitions, ofTheDay] = await Promise.all([
      reference.competitions(),
      matches.entries(await matches.idsByKickoff(start, end)),
    ]);
    const body: SportPage = {
      sport,
      // Already most prominent first (ReferenceReads.competitions).
      competitions: competitions.filter((c) => sportOf(c) === slug),
      matches: ofTheDay.filter((e) => sportOf(e.match.competition) === slug).sort(byKickoff),
    };
    res.json({ data: body });
  });

  return router;
}
