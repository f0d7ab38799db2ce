import type { MatchEvent, MatchEventKind, PlayerRef, VarDecision } from '@pitchside/shared/domain';
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
 * - Substitutions keep the provider's number for the team ("Substitution 6", the sixth in extra time).
 * - VAR reviews keep their wording in `detail` and, when we can name it, the `decision`.
 * - Shoot-out kicks (comments "Penalty Shootout", detail "Penalty" or "Missed Penalty") are kicks, not
 *   goals: `shootout_scored` / `shootout_missed` after everything played, numbered by their place in the
 *   shoot-out, which API-Football gives in `time.extra` (1, 2, 3…) while the array comes reversed or
 *   shuffled (fixtures 1149519, 1149523). Their ids are `${fixture}-kick-${n}`: the same on every poll.
 * - Event types we do not know are left out.
 */
export function normaliseEvents(
  fixtureId: string,
  events: readonly ApiEvent[],
  lineups: readonly ApiLineup[] = [],
): MatchEvent[] {
  const inMatch = events.filter((e) => !isShootoutKick(e));
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
        ...(classified.kindClass === 'subst' && substitutionNumber(e.detail)),
        ...(classified.kindClass === 'var' && varDecision(e.detail)),
      },
      idParts: { kindClass: classified.kindClass, teamId, minute: e.time.elapsed, stoppage: e.time.extra },
    });
  }
  return [...assignEventIds(fixtureId, drafts), ...shootoutKicks(fixtureId, events)];
}

const isShootoutKick = (e: ApiEvent): boolean => e.comments?.trim().toLowerCase() === 'penalty shootout';

/** The shoot-out's kicks in kick order: by `time.extra`, then (for kicks without one) as listed. */
function shootoutKicks(fixtureId: string, events: readonly ApiEvent[]): MatchEvent[] {
  const kicks = events
    .filter(isShootoutKick)
    .map((e, index) => ({ e, index }))
    .sort(
      (a, b) =>
        (a.e.time.extra ?? Number.MAX_SAFE_INTEGER) - (b.e.time.extra ?? Number.MAX_SAFE_INTEGER) ||
        a.index - b.index,
    );
  return kicks.map(({ e }, i) => {
    const kick = i + 1;
    return {
      id: `${fixtureId}-kick-${kick}`,
      kind: (e.detail ?? '').toLowerCase().includes('miss') ? 'shootout_missed' : 'shootout_scored',
      minute: e.time.elapsed,
      stoppage: null,
      teamId: String(e.team.id),
      player: playerRef(e.player),
      related: null,
      detail: null,
      kick,
    };
  });
}

/** "Substitution 6" -> { number: 6 }. */
function substitutionNumber(detail: string | null): { number?: number } {
  const n = Number(/(\d+)\s*$/.exec(detail ?? '')?.[1]);
  return Number.isInteger(n) && n >= 1 && n <= 20 ? { number: n } : {};
}

/**
 * A VAR review's outcome from API-Football's wording: "Goal cancelled" and "Penalty confirmed" (documented),
 * and the variants live feeds use ("Goal Disallowed - offside", "Penalty cancelled", "Card upgrade").
 */
function varDecision(detail: string | null): { decision?: VarDecision } {
  const d = (detail ?? '').toLowerCase();
  const undone = /cancel|disallow|overturn|rescind|no goal|no penalty/.test(d);
  const upheld = /confirm|stands|awarded/.test(d);
  const decided = (cancelled: VarDecision, confirmed: VarDecision) =>
    undone ? { decision: cancelled } : upheld ? { decision: confirmed } : {};
  if (d.includes('goal')) return decided('goal_cancelled', 'goal_confirmed');
  if (d.includes('penalty')) return decided('penalty_cancelled', 'penalty_confirmed');
  if (d.includes('card') && d.includes('upgrade')) return { decision: 'card_upgraded' };
  if (d.includes('card') && (undone || d.includes('downgrade'))) return { decision: 'card_cancelled' };
  return {};
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
