import type { MatchEvent } from '@pitchside/shared/domain';

/** What an event's id is made from: none of it changes when a provider corrects a name or a detail. */
export interface EventIdParts {
  /**
   * A coarse class ('goal', 'card', 'subst', 'var'), not the kind: a "Normal Goal" re-labelled "Own Goal",
   * or a yellow upgraded to a second yellow, is the same happening and keeps its id.
   */
  kindClass: string;
  teamId: string | null;
  minute: number;
  stoppage: number | null;
}

export interface EventDraft {
  event: Omit<MatchEvent, 'id'>;
  idParts: EventIdParts;
}

/**
 * Gives events without a provider id a stable one: `${matchId}-${kindClass}-${teamId}-${minute}[.stoppage]-${n}`,
 * n counting events with the same prefix in provider order (two yellows for one team in the same minute are
 * -1 and -2). The stoppage joins with "." because "+" is not allowed in our ids (IdSchema).
 */
export function assignEventIds(matchId: string, drafts: readonly EventDraft[]): MatchEvent[] {
  const seen = new Map<string, number>();
  return drafts.map(({ event, idParts }) => {
    const time = idParts.stoppage ? `${idParts.minute}.${idParts.stoppage}` : `${idParts.minute}`;
    const prefix = `${matchId}-${idParts.kindClass}-${idParts.teamId ?? 'x'}-${time}`;
    const n = (seen.get(prefix) ?? 0) + 1;
    seen.set(prefix, n);
    return { id: `${prefix}-${n}`, ...event };
  });
}
