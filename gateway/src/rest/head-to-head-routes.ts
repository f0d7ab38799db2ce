import { Router, type Response } from 'express';
import { z } from 'zod';
import { headToHeadSlug, IdSchema, MAX_HEAD_TO_HEAD_SLUG_LENGTH, withSlug } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import type { HeadToHead } from '@pitchside/shared/protocol';
import { headToHead } from '../read-model/head-to-head.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import type { ProviderReads } from '../read-model/provider-reads.ts';
import type { ReferenceReads } from '../read-model/reference-reads.ts';
import { resolveHeadToHeadSlug } from '../read-model/team-slugs.ts';
import { cacheFor, FIXTURES_SECONDS } from './cache-control.ts';
import { parseInput } from './http-errors.ts';

const HeadToHeadParams = z.object({ teamA: IdSchema, teamB: IdSchema });
const SlugParams = z.object({ slug: z.string().min(1).max(MAX_HEAD_TO_HEAD_SLUG_LENGTH) });
const LimitQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/**
 * Two teams' meetings, by ids or by the slug of the head-to-head page: the ones we store merged with the
 * provider's own head-to-head (provider-reads.ts), one row per match.
 */
export function headToHeadRoutes(
  reference: ReferenceReads,
  matches: MatchReads,
  provider: ProviderReads,
): Router {
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
        const { meetings, pending } = await meetingsOf(matches, provider, found.a.id, found.b.id, true);
        const body: HeadToHead = {
          slug: headToHeadSlug(found.a, found.b),
          teams: { a: withSlug(found.a), b: withSlug(found.b) },
          record: meetings.record,
          past: meetings.past.slice(0, limit),
          upcoming: meetings.upcoming,
          pending,
        };
        uncachedWhilePending(res, pending);
        res.json({ data: body });
      }
    }
  });

  /** Past meetings of two teams by id, newest first. */
  router.get('/head-to-head/:teamA/:teamB', cacheFor(FIXTURES_SECONDS), async (req, res) => {
    const { teamA, teamB } = parseInput(HeadToHeadParams, req.params);
    const { limit } = parseInput(LimitQuery, req.query);
    // Only teams we know are worth a provider call: ids made up by a visitor are answered from the store.
    const known = (await reference.team(teamA)) !== null && (await reference.team(teamB)) !== null;
    const { meetings, pending } = await meetingsOf(matches, provider, teamA, teamB, known);
    uncachedWhilePending(res, pending);
    res.json({ data: meetings.past.slice(0, limit) });
  });

  return router;
}

/**
 * The stored matches of the two, and the provider's past meetings we do not store (from seasons we never
 * polled): those have no page and no history to follow, so their entry's epoch is empty and seq 0.
 */
async function meetingsOf(
  matches: MatchReads,
  provider: ProviderReads,
  teamA: string,
  teamB: string,
  ask: boolean,
) {
  const [a, b, fromProvider] = await Promise.all([
    matches.teamIds(teamA),
    matches.teamIds(teamB),
    provider.headToHead(teamA, teamB, ask),
  ]);
  const common = a.filter((id) => b.includes(id));
  const stored = await matches.entries(common);
  const ours = new Set(stored.map((e) => e.match.id));
  const theirs = fromProvider.matches
    .filter((m) => !ours.has(m.id))
    .map((match) => ({ match, epoch: '', seq: 0 }));
  return { meetings: headToHead([...stored, ...theirs], teamA, teamB), pending: fromProvider.pending };
}

/** A read the provider's answer will soon complete is not kept by caches: the page asks again for it. */
function uncachedWhilePending(res: Response, pending: boolean): void {
  if (pending) res.set('Cache-Control', 'no-cache');
}
