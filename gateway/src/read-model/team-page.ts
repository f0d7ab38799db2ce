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
import type { ReferenceReads } from './reference-reads.ts';
import { teamForm } from './team-form.ts';

/**
 * Everything the team page shows: the team (with its slug), its matches, its squad in team-sheet order,
 * its form and the competitions it plays in (those of the matches we hold, most prominent first).
 */
export async function teamPage(
  reference: ReferenceReads,
  matches: MatchReads,
  team: Team,
): Promise<TeamPage> {
  const [entries, squad] = await Promise.all([
    matches.entries(await matches.teamIds(team.id)),
    reference.squad(team.id),
  ]);
  entries.sort(byKickoff);
  const refs = new Map<string, CompetitionRef>();
  for (const { match } of entries) refs.set(match.competition.id, match.competition);
  const stored = await reference.competitionsById([...refs.keys()]);
  const competitions = [...refs.values()]
    .map((ref) => stored.get(ref.id) ?? fromRef(ref))
    .sort((a, b) => a.popularity - b.popularity || a.name.localeCompare(b.name));
  return {
    team: withSlug(team),
    matches: entries,
    squad: [...(squad?.players ?? [])].sort(compareSquadPlayers),
    form: teamForm(
      entries.map((e) => e.match),
      team.id,
    ),
    competitions,
  };
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
