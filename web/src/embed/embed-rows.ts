/**
 * The embed's rows in the browser: updates a row the server rendered (score, clock, status) and builds the
 * row of a match that joins the board later. The markup and the clock rules are the server's
 * (gateway/src/widget/embed-page.ts `row` and `clockText`), kept the same by hand: the embed carries no
 * framework and no shared schema code, to stay a few kilobytes.
 */
import type { Match } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';

export interface EmbedLabels {
  clock: Record<string, string>;
  newTab: string;
  empty: string;
}

const STATUS_LABELS: Partial<Record<Match['status'], string>> = {
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

/** shared's LIVE_STATUSES, restated so the embed does not pull in the domain's schemas. */
const LIVE = new Set<string>([
  'first_half',
  'half_time',
  'second_half',
  'extra_time',
  'break',
  'penalties',
  'first_quarter',
  'second_quarter',
  'third_quarter',
  'fourth_quarter',
  'overtime',
  'suspended',
  'interrupted',
]);
export const isLiveStatus = (status: string): boolean => LIVE.has(status);

const fill = (template: string, minute: string): string => template.replace(/\{\{\s*minute\s*\}\}/g, minute);

/** The kick-off in the reader's own time zone: the time today, with the date on other days. */
export function kickoffText(iso: string, lang: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString(lang, { day: 'numeric', month: 'short' })} ${time}`;
}

export function clockText(match: Match, labels: EmbedLabels, lang: string): string {
  const { status, clock } = match;
  if (status === 'scheduled') return kickoffText(match.kickoff, lang);
  const running = status === 'first_half' || status === 'second_half' || status === 'extra_time';
  if (running && clock.elapsed !== null) {
    const minute = clock.stoppage ? `${clock.elapsed}+${clock.stoppage}` : String(clock.elapsed);
    return fill(labels.clock[status === 'extra_time' ? 'extraTime' : 'minute'] ?? "{{minute}}'", minute);
  }
  const key = STATUS_LABELS[status] ?? (isLiveStatus(status) ? 'live' : 'finished');
  return labels.clock[key] ?? status;
}

const scoreText = (match: Match): string =>
  `${match.score.current.home ?? '–'} - ${match.score.current.away ?? '–'}`;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function team(side: Match['home'], className: string, crests: boolean): HTMLElement {
  const node = element('span', `pw-team ${className}`);
  if (crests && side.logo) {
    const crest = element('img', 'pw-crest');
    crest.src = side.logo;
    crest.alt = '';
    crest.width = crest.height = 18;
    crest.loading = 'lazy';
    node.append(crest);
  }
  node.append(element('span', 'pw-name', side.name));
  return node;
}

/** A new row, as the server would have rendered it. */
export function buildRow(
  entry: ScoreboardEntry,
  context: { labels: EmbedLabels; lang: string; matchUrl: string; crests: boolean },
): HTMLLIElement {
  const { match } = entry;
  const row = element('li', 'pw-row');
  row.dataset.matchId = match.id;
  const link = element('a', 'pw-link');
  link.href = `${context.matchUrl}${encodeURIComponent(match.id)}`;
  link.target = '_blank';
  link.rel = 'noopener';
  const clock = element('span', 'pw-clock');
  clock.dataset.role = 'clock';
  const score = element('span', 'pw-score');
  score.dataset.role = 'score';
  link.append(
    clock,
    team(match.home, 'pw-home', context.crests),
    score,
    team(match.away, 'pw-away', context.crests),
    element('span', 'pw-sr', context.labels.newTab),
  );
  row.append(link);
  updateRow(row, entry, context);
  row.classList.remove('pw-changed');
  return row;
}

/** Brings a row to the entry: score (flashing when it changed), clock and status. */
export function updateRow(
  row: HTMLElement,
  entry: ScoreboardEntry,
  context: { labels: EmbedLabels; lang: string },
): void {
  const { match } = entry;
  row.dataset.status = match.status;
  row.dataset.live = String(isLiveStatus(match.status));
  row.dataset.seq = `${entry.epoch}:${entry.seq}`;
  const clock = row.querySelector<HTMLElement>('[data-role="clock"]');
  if (clock) {
    clock.textContent = clockText(match, context.labels, context.lang);
    if (match.status === 'scheduled') clock.dataset.kickoff = match.kickoff;
    else delete clock.dataset.kickoff;
  }
  const score = row.querySelector<HTMLElement>('[data-role="score"]');
  const text = scoreText(match);
  if (score && score.textContent !== text) {
    score.textContent = text;
    // Restart the flash: drop the class, force a style pass, add it again.
    row.classList.remove('pw-changed');
    void row.offsetWidth;
    row.classList.add('pw-changed');
  }
}
