import type { CompetitionType } from '@pitchside/shared/domain';

const CUP_NAME =
  /\b(cup|copa|coupe|coppa|pokal|ta[cç]a|trophy|shield|beker|libertadores|sudamericana|champions league|europa league|conference league|nations league|world cup|super ?cup|supercopa)\b/i;
/** League rounds read "Regular Season - 26", "Apertura - 4", "Group 1 - 15"; knockout rounds do not. */
const MATCHDAY_ROUND = /\s-\s\d+$/;

/**
 * A fixture's `league` carries no type (only `/leagues` does), yet every match needs one. Until the
 * competitions poll has told us (`known`), we judge by the name first ("Copa do Brasil", "UEFA Champions
 * League", "EFL Trophy"), then by the round: a round without a matchday number ("1st Round",
 * "Quarter-finals") is a knockout.
 */
export function guessCompetitionType(name: string, round: string | null): CompetitionType {
  if (CUP_NAME.test(name)) return 'cup';
  if (round !== null && !MATCHDAY_ROUND.test(round)) return 'cup';
  return 'league';
}
