import { z } from 'zod';
import { IdSchema } from './competition.ts';
import { MatchSchema } from './match.ts';

/**
 * Matches as a provider's own head-to-head or team-results endpoint gave them, kept beside (not inside) the
 * match store: they are read models of past meetings and results, most of them of seasons we never polled,
 * so they have no page, no history and no place in the day's lists. Ingest writes them (it owns provider
 * access); the gateway merges them with the matches it stores, ours first.
 */
export const ProviderMatchesSchema = z.object({
  /** When ingest read them from the provider (ISO 8601). */
  fetchedAt: z.iso.datetime(),
  /** Finished matches, newest first. */
  matches: z.array(MatchSchema),
});
export type ProviderMatches = z.infer<typeof ProviderMatchesSchema>;

/**
 * Past meetings change only when the two teams meet again, and that meeting reaches the page from the match
 * store anyway: a day is fresh enough. A team's results change with every match day.
 */
export const PROVIDER_HEAD_TO_HEAD_TTL_S = 86_400;
export const PROVIDER_TEAM_FORM_TTL_S = 6 * 3600;
/** A cached read older than this is read again when a visitor asks for it (the old one is shown meanwhile). */
export const PROVIDER_REFRESH_AFTER_S = { headToHead: 12 * 3600, teamForm: 3 * 3600 } as const;
/** At most this many provider reads wait for ingest; the oldest asks drop off. */
export const ON_DEMAND_WANTED_MAX = 200;

/** The two team ids in one order, so A–B and B–A share a cache entry; `/` is no id's character. */
export function headToHeadPair(teamA: string, teamB: string): string {
  const [x, y] = [teamA, teamB].sort((p, q) => p.localeCompare(q, 'en', { numeric: true }));
  return `${x}/${y}`;
}

/** A provider read a visitor asked for: two teams' meetings, or a team's latest results. */
export type OnDemandRead = { kind: 'h2h'; teamA: string; teamB: string } | { kind: 'form'; teamId: string };

/** The member of the wanted set (Redis keys `onDemandWanted`) for one read. */
export function onDemandMember(read: OnDemandRead): string {
  return read.kind === 'h2h' ? `h2h/${headToHeadPair(read.teamA, read.teamB)}` : `form/${read.teamId}`;
}

/** The read a wanted-set member names, or null for one this version does not know. */
export function parseOnDemandMember(member: string): OnDemandRead | null {
  const [kind, a, b, ...rest] = member.split('/');
  if (rest.length > 0) return null;
  if (kind === 'h2h' && a && b && IdSchema.safeParse(a).success && IdSchema.safeParse(b).success) {
    return { kind, teamA: a, teamB: b };
  }
  if (kind === 'form' && a && b === undefined && IdSchema.safeParse(a).success) {
    return { kind, teamId: a };
  }
  return null;
}
