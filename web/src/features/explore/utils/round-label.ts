/**
 * Round names as the providers write them (API-Football: "Regular Season - 15", "Group Stage - 2",
 * "Round of 16", "Quarter-finals", "3rd Place Final"), as a message key and its values, so every language
 * reads them its own way. A name we do not know is shown as the provider wrote it.
 */
export type RoundLabel =
  | { key: 'round.matchday'; values: { number: string } }
  | { key: 'round.groupMatchday'; values: { number: string } }
  | { key: 'round.roundOf'; values: { teams: string } }
  | {
      key: 'round.quarterFinals' | 'round.semiFinals' | 'round.final' | 'round.thirdPlace';
      values?: undefined;
    }
  | { key: null; text: string };

export function roundLabel(name: string): RoundLabel {
  const trimmed = name.trim();
  let m = /^(?:regular season|matchday|round)\s*-?\s*(\d+)$/i.exec(trimmed);
  if (m) return { key: 'round.matchday', values: { number: m[1]! } };
  m = /^group stage\s*-\s*(\d+)$/i.exec(trimmed);
  if (m) return { key: 'round.groupMatchday', values: { number: m[1]! } };
  m = /^(?:round of|last)\s*(\d+)$/i.exec(trimmed);
  if (m) return { key: 'round.roundOf', values: { teams: m[1]! } };
  if (/^(?:1\/4|quarter)[- ]?finals?$/i.test(trimmed)) return { key: 'round.quarterFinals' };
  if (/^(?:1\/2|semi)[- ]?finals?$/i.test(trimmed)) return { key: 'round.semiFinals' };
  if (/^(?:3rd|third)[- ]place(?: final| match| play-?off)?$/i.test(trimmed))
    return { key: 'round.thirdPlace' };
  if (/^finals?$/i.test(trimmed)) return { key: 'round.final' };
  return { key: null, text: trimmed };
}
