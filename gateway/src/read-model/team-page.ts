import {
  compareSquadPlayers,
  sportOf,
  withSlug,
  type Competition,
  type CompetitionRef,
  type Team,
} from '@pitchside/shared/domain';
import type { TeamPage } from '@pitchside/shared/protocol';
import { byKickoff, type MatchReads } from './match-reads.ts';
import type { ProviderReads } from './provider-reads.ts';
import type { ReferenceReads } from './reference-reads.ts';
import { teamForm } from './team-form.ts';

/**
 * Everything the team page shows: the team (with its slug), its matches, its squad in team-sheet order,
 * its form and the competitions it plays in (those of the matches we hold, most prominent first). The form
 * is taken over the matches we store and the team's latest results as the provider lists them (ours first
 * where both have a match); `pending` while those are being read.
 */
export async function teamPage(
  reference: ReferenceReads,
  matches: MatchReads,
  provider: ProviderReads,
  team: Team,
): Promise<{ body: TeamPage; pending: boolean }> {
  const [entries, squad, results] = await Promise.all([
    matches.teamIds(team.id).then((ids) => matches.entries(ids)),
    reference.squad(team.id),
    provider.teamForm(team.id, true),
  ]);
  entries.sort(byKickoff);
  const refs = new Map<string, CompetitionRef>();
  for (const { match } of entries) refs.set(match.competition.id, match.competition);
  const stored = await reference.competitionsById([...refs.keys()]);
  const competitions = [...refs.values()]
    .map((ref) => stored.get(ref.id) ?? fromRef(ref))
    .sort((a, b) => a.popularity - b.popularity || a.name.localeCompare(b.name));
  const ours = entries.map((e) => e.match);
  const held = new Set(ours.map((m) => m.id));
  const body: TeamPage = {
    team: withSlug(team),
    matches: entries,
    squad: [...(squad?.players ?? [])].sort(compareSquadPlayers),
    form: teamForm([...ours, ...results.matches.filter((m) => !held.has(m.id))], team.id, (id) =>
      held.has(id),
    ),
    competitions,
  };
  return { body, pending: results.pending };
}

/** A competition we hold only as a match's reference (its poll has not run yet). */
const fromRef = (ref: CompetitionRef): Competition => ({
  id: ref.id,
  sport: sportOf(ref),
  name: ref.name,
  type: ref.type,
  country: ref.country,
  countryCode: null,
  flag: null,
  season: ref.season,
  logo: ref.logo,
  popularity: 100,
});
