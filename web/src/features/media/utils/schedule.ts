import type { TvProgramme } from '@pitchside/shared/content';

/**
 * What a channel shows at an instant, and after: the programme running at `now` (start inclusive, end
 * exclusive), and the first one starting after it (or after `now` when nothing runs). The schedule comes
 * in time order.
 */
export function nowAndNext(
  schedule: readonly TvProgramme[],
  now: number,
): { now: TvProgramme | null; next: TvProgramme | null } {
  const current = schedule.find((p) => Date.parse(p.startsAt) <= now && now < Date.parse(p.endsAt)) ?? null;
  const after = current ? Date.parse(current.endsAt) : now;
  const next = schedule.find((p) => p !== current && Date.parse(p.startsAt) >= after) ?? null;
  return { now: current, next };
}

/** The programmes not over yet at `now`. */
export const upcoming = (schedule: readonly TvProgramme[], now: number): TvProgramme[] =>
  schedule.filter((p) => Date.parse(p.endsAt) > now);
