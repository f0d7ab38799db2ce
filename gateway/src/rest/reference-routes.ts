import { Router } from 'express';
import { z } from 'zod';
import { IdSchema, SportSlugSchema, sportOf } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { byKickoff, type MatchReads } from '../read-model/match-reads.ts';
import type { ProviderReads } from '../read-model/provider-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import { cacheFor, FIXTURES_SECONDS, REFERENCE_SECONDS } from './cache-control.ts';
import { headToHeadRoutes } from './head-to-head-routes.ts';
import { parseInput } from './http-errors.ts';
import { sportsRoutes } from './sports-routes.ts';
import { teamsRoutes } from './teams-routes.ts';

const IdParams = z.object({ id: IdSchema });
const CompetitionsQuery = z.strictObject({ sport: SportSlugSchema.optional() });
const NewsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only one sport's stories (a basketball team's page must not list a football club's namesake). */
  sport: SportSlugSchema.optional(),
  /** Only a match's stories (its preview and report). */
  matchId: IdSchema.optional(),
  /**
   * Only stories naming these teams, every one of them (`team=Argentina&team=France` for a match: feeds
   * rarely tie a story to a match id), each as whole words of the title or summary, in any case.
   */
  team: z
    .union([z.string(), z.array(z.string()).max(2)])
    .optional()
    .transform((v) => (v === undefined ? [] : [v].flat()))
    .pipe(z.array(z.string().trim().min(2).max(100))),
});
/** How far back a filtered news read looks: the feed keeps about a day and a half of stories. */
const NEWS_FILTER_WINDOW = 500;

/** Competitions, standings, teams, head-to-head, sports and news. */
export function referenceRoutes(
  reference: ReferenceReads,
  matches: MatchReads,
  provider: ProviderReads,
): Router {
  const router = Router();
  router.use(
    teamsRoutes(reference, matches, provider),
    headToHeadRoutes(reference, matches, provider),
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
    const { limit, matchId, team, sport } = parseInput(NewsQuery, req.query);
    if (!matchId && team.length === 0 && !sport) return res.json({ data: await reference.news(limit) });
    const named = team.map(namesTeam);
    const items = (await reference.news(NEWS_FILTER_WINDOW)).filter(
      (item) =>
        (!sport || item.sport === sport) &&
        (!matchId || item.matchId === matchId) &&
        named.every((names) => names(`${item.title}\n${item.summary}`)),
    );
    res.json({ data: items.slice(0, limit) });
  });

  return router;
}

/** Whether a text names the team as a whole word ("Inter" is not in "International"), any case. */
function namesTeam(team: string): (text: string) => boolean {
  const escaped = team.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => pattern.test(text);
}
