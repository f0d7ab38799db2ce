import type { PlayerPosition } from '@pitchside/shared/domain';

/**
 * A provider's word for a squad position as our letter: API-Football says Goalkeeper, Defender, Midfielder,
 * Attacker; football-data.org says Goalkeeper, Defence, Midfield, Offence, or a finer role ("Centre-Back",
 * "Right Winger"). Null for anything else, rather than a guess.
 */
export function squadPosition(word: string | null | undefined): PlayerPosition | null {
  const w = (word ?? '').toLowerCase();
  if (/goal ?keeper/.test(w)) return 'G';
  // Before defence and attack: "Defensive Midfield" and "Attacking Midfield" are midfielders.
  if (/midfield/.test(w)) return 'M';
  if (/defen|back\b/.test(w)) return 'D';
  if (/attack|offen|forward|striker|wing/.test(w)) return 'F';
  return null;
}
