import { Router } from 'express';
import { z } from 'zod';
import { IdSchema, withSlug } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import type { ProviderReads } from '../read-model/provider-reads.ts';
import { teamPage } from '../read-model/team-page.ts';
import { searchTeams } from '../read-model/team-search.ts';
import { cacheFor, FIXTURES_SECONDS, REFERENCE_SECONDS } from './cache-control.ts';
import { parseInput } from './http-errors.ts';

const IdParams = z.object({ id: IdSchema });
/** Without `q`, every team (the list as it always was), or the first `limit` of them. */
const TeamsQuery = z.strictObject({
  q: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const DEFAULT_SEARCH_LIMIT = 20;

/** The team list and search, and the team page. */
export function teamsRoutes(reference: ReferenceReads, matches: MatchReads, provider: ProviderReads): Router {
  const router = Router();

  router.get('/teams', cacheFor(REFERENCE_SECONDS), async (req, res) => {
    const { q, limit } = parseInput(TeamsQuery, req.query);
    const teams = await reference.teams();
    const found =
      q === undefined ? teams.slice(0, limit) : searchTeams(teams, q, limit ?? DEFAULT_SEARCH_LIMIT);
    res.json({ data: found.map(withSlug) });
  });

  router.get('/teams/:id', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { id } = parseInput(IdParams, req.params);
    const team = await reference.team(id);
    if (!team) throw new PitchsideError('team:not-found', `No team has the id ${id}.`);
    const page = await teamPage(reference, matches, provider, team);
    // Its form is about to be completed from the provider's results (provider-reads.ts): not kept by caches.
    if (page.pending) res.set('Cache-Control', 'no-cache');
    res.json({ data: page.body });
  });

  return router;
}
