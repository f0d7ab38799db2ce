import type { MatchEvent, MatchEventKind, PlayerRef } from '@pitchside/shared/domain';
import { assignEventIds, type EventDraft } from '../event-ids.ts';
import type { ApiEvent, ApiPerson } from './event-schema.ts';
import type { ApiLineup } from './lineup-schema.ts';
import { isSubstitution, substitutionSides } from './substitution-sides.ts';

/**
 * API-Football events as ours, in provider order, with stable ids (see event-ids.ts).
 *
 * - `teamId` is API-Football's `team` as given, own goals included: API-Football lists an own goal under the
 *   team it counts FOR, which is what our `teamId` means. None of our samples has an own goal; this follows
 *   captures checked by others against live data (https://github.com/paycrest/noblocks/pull/668, and a
 *   Getafe-Barcelona capture listing Lenglet's own goal under Getafe).
 * - Substitutions: `player` is the one coming on, `related` the one going off, whichever way round the
 *   fixture has them (substitution-sides.ts).
 * - A second "Yellow Card" for the same player is a second yellow, as is "Second Yellow card".
 * - Penalty-shootout kicks (comments "Penalty Shootout") are left out: they are not match goals, and the
 *   shoot-out score is in `score.penalties`. Event types we do not know are left out too.
 */
export function normaliseEvents(
  fixtureId: string,
  events: readonly ApiEvent[],
  lineups: readonly ApiLineup[] = [],
): MatchEvent[] {
  const inMatch = events.filter((e) => e.comments !== 'Penalty Shootout');
  const sides = substitutionSides(inMatch, lineups);
  const yellows = new Set<string>();
  const drafts: EventDraft[] = [];

  for (const e of inMatch) {
    const classified = classify(e, yellows);
    if (!classified) continue;
    const teamId = String(e.team.id);
    const [player, related] =
      classified.kindClass === 'subst'
        ? sides === 'player-off'
          ? [e.assist, e.player]
          : [e.player, e.assist]
        : [e.player, classified.kind === 'goal' || classified.kind === 'penalty_goal' ? e.assist : null];
    drafts.push({
      event: {
        kind: classified.kind,
        minute: e.time.elapsed,
        stoppage: e.time.extra,
        teamId,
        player: playerRef(player),
        related: related ? playerRef(related) : null,
        // Cards and goals carry their why in `comments` ("Foul", "Roughing"); VAR carries it in `detail`.
        detail: classified.kindClass === 'var' ? e.detail : e.comments,
      },
      idParts: { kindClass: classified.kindClass, teamId, minute: e.time.elapsed, stoppage: e.time.extra },
    });
  }
  return assignEventIds(fixtureId, drafts);
}

function classify(e: ApiEvent, yellows: Set<string>): { kind: MatchEventKind; kindClass: string } | null {
  const type = e.type.toLowerCase();
  const detail = (e.detail ?? '').toLowerCase();
  if (type === 'goal') {
    if (detail === 'own goal') return { kind: 'own_goal', kindClass: 'goal' };
    if (detail === 'penalty') return { kind: 'penalty_goal', kindClass: 'goal' };
    if (detail === 'missed penalty') return { kind: 'missed_penalty', kindClass: 'goal' };
    return { kind: 'goal', kindClass: 'goal' };
  }
  if (type === 'card') return { kind: cardKind(e, detail, yellows), kindClass: 'card' };
  if (isSubstitution(e)) return { kind: 'substitution', kindClass: 'subst' };
  if (type === 'var') return { kind: 'var', kindClass: 'var' };
  return null;
}

function cardKind(e: ApiEvent, detail: string, yellows: Set<string>): MatchEventKind {
  if (detail.includes('second yellow')) return 'second_yellow';
  if (detail.includes('red')) return 'red';
  const who =
    e.player.id !== null ? `id:${e.player.id}` : e.player.name !== null ? `name:${e.player.name}` : null;
  if (who === null) return 'yellow';
  const key = `${e.team.id}:${who}`;
  if (yellows.has(key)) return 'second_yellow';
  yellows.add(key);
  return 'yellow';
}

/** API-Football sends `{id: null, name: null}` for "nobody". */
function playerRef(person: ApiPerson): PlayerRef | null {
  if (person.name === null || person.name.trim() === '') return null;
  return { id: person.id === null ? null : String(person.id), name: person.name };
}
