import { Router } from 'express';
import { z } from 'zod';
import { headToHeadSlug, IdSchema, MAX_HEAD_TO_HEAD_SLUG_LENGTH, withSlug } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import type { HeadToHead } from '@pitchside/shared/protocol';
import { headToHead } from '../read-model/head-to-head.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import { resolveHeadToHeadSlug } from '../read-model/team-slugs.ts';
import { cacheFor, FIXTURES_SECONDS } from './cache-control.ts';
import { parseInput } from './http-errors.ts';

const HeadToHeadParams = z.object({ teamA: IdSchema, teamB: IdSchema });
const SlugParams = z.object({ slug: z.string().min(1).max(MAX_HEAD_TO_HEAD_SLUG_LENGTH) });
const LimitQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/** Two teams' meetings, by ids or by the slug of the head-to-head page. */
export function headToHeadRoutes(reference: ReferenceReads, matches: MatchReads): Router {
  const router = Router();

  /** Both teams, their record and their meetings (past newest first, to come soonest first). */
  router.get('/head-to-head/by-slug/:slug', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { slug } = parseInput(SlugParams, req.params);
    const { limit } = parseInput(LimitQuery, req.query);
    const found = await resolveHeadToHeadSlug(slug, await reference.teams(), matches);
    switch (found.kind) {
      case 'malformed':
        throw new PitchsideError(
          'request:invalid',
          `"${slug}" is not a head-to-head slug: two team slugs joined by "-vs-", e.g. "ashworth-rovers-vs-blackmere-city".`,
          [
            {
              path: 'slug',
              message: 'expected {team-slug}-vs-{team-slug}: lowercase letters, digits and hyphens',
            },
          ],
        );
      case 'same-team':
        throw new PitchsideError(
          'request:invalid',
          `A head-to-head needs two teams; both sides are ${found.team.name}.`,
          [{ path: 'slug', message: 'both sides name the same team' }],
        );
      case 'unknown':
        throw new PitchsideError(
          'team:not-found',
          `No team has the slug ${found.slugs.map((s) => `"${s}"`).join(' or ')}.`,
        );
      case 'found': {
        const { record, past, upcoming } = await meetingsOf(matches, found.a.id, found.b.id);
        const body: HeadToHead = {
          slug: headToHeadSlug(found.a, found.b),
          teams: { a: withSlug(found.a), b: withSlug(found.b) },
          record,
          past: past.slice(0, limit),
          upcoming,
        };
        res.json({ data: body });
      }
    }
  });

  /** Past meetings of two teams by id, newest first, from the matches we hold. */
  router.get('/head-to-head/:teamA/:teamB', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { teamA, teamB } = parseInput(HeadToHeadParams, req.params);
    const { limit } = parseInput(LimitQuery, req.query);
    res.json({ data: (await meetingsOf(matches, teamA, teamB)).past.slice(0, limit) });
  });

  return router;
}

async function meetingsOf(matches: MatchReads, teamA: string, teamB: string) {
  const [a, b] = await Promise.all([matches.teamIds(teamA), matches.teamIds(teamB)]);
  const common = a.filter((id) => b.includes(id));
  return headToHead(await matches.entries(common), teamA, teamB);
}
