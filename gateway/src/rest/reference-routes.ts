import { Router } from 'express';
import { z } from 'zod';
import { IdSchema, SportSlugSchema, sportOf } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { byKickoff, type MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import { cacheFor, FIXTURES_SECONDS, REFERENCE_SECONDS } from './cache-control.ts';
import { headToHeadRoutes } from './head-to-head-routes.ts';
import { parseInput } from './http-errors.ts';
import { sportsRoutes } from './sports-routes.ts';
import { teamsRoutes } from './teams-routes.ts';

const IdParams = z.object({ id: IdSchema });
const CompetitionsQuery = z.strictObject({ sport: SportSlugSchema.optional() });
const NewsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** Competitions, standings, teams, head-to-head, sports and news. */
export function referenceRoutes(reference: ReferenceReads, matches: MatchReads): Router {
  const router = Router();
  router.use(
    teamsRoutes(reference, matches),
    headToHeadRoutes(reference, matches),
    sportsRoutes(reference, matches),
  );

  /** Every sport's competitions, most prominent first, or one sport's with `sport`. */
  router.get('/competitions', cacheFor(REFERENCE_SECONDS), async (req, res) => {
    const { sport } = parseInput(CompetitionsQuery, req.query);
    const competitions = await reference.competitions();
    res.json({ data: sport === undefined ? competitions : competitions.filter((c) => sportOf(c) === sport) });
  });

  router.get('/competitions/:id', cacheFor(REFERENCE_SECONDS), async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    const competition = await reference.competition(id);
    if (!competition) throw new PitchsideError('competition:not-found', `No competition has the id ${id}.`);
    res.json({ data: competition });
  });

  router.get('/competitions/:id/standings', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    const standings = await reference.standings(id);
    if (!standings)
      throw new PitchsideError('competition:not-found', `No standings for the competition ${id}.`);
    res.json({ data: standings });
  });

  router.get('/competitions/:id/matches', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    if (!(await reference.competition(id))) {
      throw new PitchsideError('competition:not-found', `No competition has the id ${id}.`);
    }
    res.json({ data: (await matches.entries(await matches.competitionIds(id))).sort(byKickoff) });
  });

  router.get('/news', cacheFor(60), async (req, res) => {
    const { limit } = parseInput(NewsQuery, req.query);
    res.json({ data: await reference.news(limit) });
  });

  return router;
}
