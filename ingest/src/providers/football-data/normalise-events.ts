import type { MatchEvent, MatchEventKind, PlayerRef } from '@pitchside/shared/domain';
import { assignEventIds, type EventDraft } from '../event-ids.ts';
import type { FdMatch } from './match-schema.ts';
import { parseMinute } from './minute.ts';

type Person = { id: number | null; name: string | null } | null | undefined;

/**
 * A v4 match's goals, bookings and substitutions as our events, with stable ids (event-ids.ts), or undefined
 * when the payload has none of the three arrays (the free tier): "not in this payload", not "no events".
 *
 * - A goal counts for the side whose score went up in its `score`, so own goals land on the right side
 *   whichever team v4 lists; without a score we keep the team v4 lists.
 * - Substitutions: `player` is `playerIn`, `related` is `playerOut`, numbered per team in match order (v4
 *   does not number them; extra time allows a sixth).
 * - No recorded or documented v4 payload carries a shoot-out's kicks: the shoot-out is its score
 *   (`score.penalties`), which the match page shows on its own.
 */
export function normaliseFdEvents(matchId: string, m: FdMatch): MatchEvent[] | undefined {
  if (!m.goals && !m.bookings && !m.substitutions) return undefined;
  const drafts: (EventDraft & { order: number })[] = [];
  let order = 0;
  const push = (
    kind: MatchEventKind,
    kindClass: string,
    teamId: string,
    minuteValue: number | string,
    injuryTime: number | null | undefined,
    player: Person,
    related: Person,
    detail: string | null,
  ): void => {
    const time = parseMinute(minuteValue);
    if (!time) return;
    const stoppage = injuryTime ?? time.stoppage;
    drafts.push({
      order: order++,
      event: {
        kind,
        minute: time.minute,
        stoppage,
        teamId,
        player: ref(player),
        related: ref(related),
        detail,
      },
      idParts: { kindClass, teamId, minute: time.minute, stoppage },
    });
  };

  let before = { home: 0, away: 0 };
  for (const g of m.goals ?? []) {
    const type = g.type.toUpperCase();
    const kind: MatchEventKind = type.startsWith('OWN')
      ? 'own_goal'
      : type === 'PENALTY'
        ? 'penalty_goal'
        : 'goal';
    let teamId = String(g.team.id);
    if (g.score && g.score.home !== null && g.score.away !== null) {
      if (g.score.home > before.home && m.homeTeam.id !== null) teamId = String(m.homeTeam.id);
      else if (g.score.away > before.away && m.awayTeam.id !== null) teamId = String(m.awayTeam.id);
      before = { home: g.score.home, away: g.score.away };
    }
    push(kind, 'goal', teamId, g.minute, g.injuryTime, g.scorer, g.assist, null);
  }
  for (const b of m.bookings ?? []) {
    const card = b.card.toUpperCase();
    const kind: MatchEventKind = card === 'YELLOW_RED' ? 'second_yellow' : card === 'RED' ? 'red' : 'yellow';
    push(kind, 'card', String(b.team.id), b.minute, b.injuryTime, b.player, null, null);
  }
  for (const s of m.substitutions ?? []) {
    push('substitution', 'subst', String(s.team.id), s.minute, s.injuryTime, s.playerIn, s.playerOut, null);
  }

  // One timeline: by minute, then stoppage, then the order v4 listed them in (ids are given in that order too).
  drafts.sort(
    (a, b) =>
      a.event.minute - b.event.minute ||
      (a.event.stoppage ?? 0) - (b.event.stoppage ?? 0) ||
      a.order - b.order,
  );
  const substitutions = new Map<string, number>();
  for (const draft of drafts) {
    if (draft.event.kind !== 'substitution' || draft.event.teamId === null) continue;
    const number = (substitutions.get(draft.event.teamId) ?? 0) + 1;
    substitutions.set(draft.event.teamId, number);
    draft.event = { ...draft.event, number };
  }
  return assignEventIds(matchId, drafts);
}

function ref(person: Person): PlayerRef | null {
  if (!person?.name) return null;
  return { id: person.id === null ? null : String(person.id), name: person.name };
}
