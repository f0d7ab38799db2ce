/**
 * The short clock of a score row as the embeddable widget shows it: the running minute ("37'", "45+2'",
 * "ET 105'"), a status ("HT", "FT"), or the kick-off time. One rule for the gateway, which renders the
 * embed's rows (gateway/src/widget/embed-page.ts), and the embed's own script, which moves them along
 * (web/src/embed): it is free of zod, so the script stays a few kilobytes.
 */
import type { Match } from './match.ts';
import { matchOutcome } from './match-outcome.ts';
import { isLive, type MatchStatus } from './match-status.ts';

/** The widget's clock labels (the `clock` keys of the site's `common` messages) a status shows. */
export const CLOCK_STATUS_KEYS: Partial<Record<MatchStatus, string>> = {
  half_time: 'halfTime',
  break: 'break',
  penalties: 'penalties',
  finished: 'finished',
  finished_aet: 'finishedAet',
  finished_pen: 'finishedPen',
  postponed: 'postponed',
  suspended: 'suspended',
  interrupted: 'interrupted',
  abandoned: 'abandoned',
  cancelled: 'cancelled',
  awarded: 'awarded',
};

/**
 * The kick-off, in `timeZone` (the reader's own when absent): the time on the day of `nowMs`, with the
 * date on other days.
 */
export function kickoffText(iso: string, lang: string, nowMs: number, timeZone?: string): string {
  const at = new Date(iso);
  const day = (d: Date) => d.toLocaleDateString('en', { timeZone });
  const time = at.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', timeZone });
  if (day(at) === day(new Date(nowMs))) return time;
  return `${at.toLocaleDateString(lang, { day: 'numeric', month: 'short', timeZone })} ${time}`;
}

/**
 * A row's clock, from `labels` (the `clock` messages, with their `{{minute}}` placeholder); `kickoff`
 * writes the kick-off time of a match not started yet.
 */
export function clockText(
  match: Pick<Match, 'status' | 'clock' | 'kickoff'>,
  labels: Record<string, string>,
  kickoff: (iso: string) => string,
): string {
  const { status, clock } = match;
  if (status === 'scheduled') return kickoff(match.kickoff);
  const running = status === 'first_half' || status === 'second_half' || status === 'extra_time';
  if (running && clock.elapsed !== null) {
    const minute = clock.stoppage ? `${clock.elapsed}+${clock.stoppage}` : String(clock.elapsed);
    const template = labels[status === 'extra_time' ? 'extraTime' : 'minute'] ?? "{{minute}}'";
    return template.replace(/\{\{\s*minute\s*\}\}/g, minute);
  }
  const key = CLOCK_STATUS_KEYS[status] ?? (isLive(status) ? 'live' : 'finished');
  return labels[key] ?? status;
}

/**
 * The score as a row shows it: "2 - 1" after 90 or 120 minutes (a shoot-out's kicks are beside it, never
 * in it), with a dash for a side not known yet.
 */
export function scoreText(match: Pick<Match, 'score' | 'status'>): string {
  const { score } = matchOutcome(match);
  return `${score.home ?? '–'} - ${score.away ?? '–'}`;
}
