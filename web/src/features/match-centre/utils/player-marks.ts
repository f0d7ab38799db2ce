import { compareEvents, type MatchEvent } from '@pitchside/shared/domain';

/** What a lineup shows beside a player: his goals, cards and substitution, from the timeline. */
export interface PlayerMarks {
  goals: number;
  ownGoals: number;
  card: 'yellow' | 'red' | null;
  /** Minute text ("63", "90+2") he went off or came on, if he did. */
  off: string | null;
  on: string | null;
}

const minuteOf = (e: MatchEvent): string => (e.stoppage ? `${e.minute}+${e.stoppage}` : String(e.minute));

/**
 * Marks by player id, in timeline order so a second yellow or a red after a yellow ends as red. An event
 * without a player id (providers sometimes have a name only) marks nobody: names are not unique enough.
 */
export function playerMarks(events: readonly MatchEvent[]): ReadonlyMap<string, PlayerMarks> {
  const marks = new Map<string, PlayerMarks>();
  const of = (id: string): PlayerMarks => {
    let mark = marks.get(id);
    if (!mark) {
      mark = { goals: 0, ownGoals: 0, card: null, off: null, on: null };
      marks.set(id, mark);
    }
    return mark;
  };
  for (const event of [...events].sort(compareEvents)) {
    const player = event.player?.id;
    const related = event.related?.id;
    switch (event.kind) {
      case 'goal':
      case 'penalty_goal':
        if (player) of(player).goals++;
        break;
      case 'own_goal':
        if (player) of(player).ownGoals++;
        break;
      case 'yellow':
        if (player && of(player).card === null) of(player).card = 'yellow';
        break;
      case 'second_yellow':
      case 'red':
        if (player) of(player).card = 'red';
        break;
      case 'substitution':
        // `player` comes on, `related` goes off (shared/src/domain/match-event.ts).
        if (player) of(player).on = minuteOf(event);
        if (related) of(related).off = minuteOf(event);
        break;
      default:
        break;
    }
  }
  return marks;
}
