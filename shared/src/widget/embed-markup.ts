/**
 * The live-score widget's markup, written once: the gateway renders the page with it (the scores are in the
 * HTML, so the frame shows them with scripts off) and the embed's script builds a match joining the board
 * later from the same strings. Plain strings and the zod-free clock module only: the embed carries no
 * framework and no schema code, to stay a few kilobytes. The clock's text is the caller's (the server writes
 * kick-off times in UTC, the browser in the reader's own zone).
 */
import type { Match } from '../domain/match.ts';
import { scoreText } from '../domain/match-clock.ts';
import { isLive } from '../domain/match-status.ts';
import type { ScoreboardEntry } from '../protocol/messages.ts';

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface EmbedRowContext {
  /** Where a row links: this plus the match id. */
  matchUrl: string;
  /** Crests beside the names (the regular size; compact has none). */
  crests: boolean;
  /** The clock's text: the minute, a status, or the kick-off time. */
  clock: string;
  /** The marks beside the score ("AET", "4–3 pens", "agg. 2–2"): domain/match-outcome's scoreNoteTexts. */
  notes: readonly string[];
  /** The sentence naming a decided match's winner, or '' (domain/match-outcome's outcomeSentence). */
  outcome: string;
  /** The screen readers' "opens in a new tab". */
  newTab: string;
}

function team(side: Match['home'], className: string, crests: boolean): string {
  const crest =
    crests && side.logo
      ? `<img class="pw-crest" src="${escapeHtml(side.logo)}" alt="" width="18" height="18" loading="lazy">`
      : '';
  return `<span class="pw-team ${className}">${crest}<span class="pw-name">${escapeHtml(side.name)}</span></span>`;
}

/** The marks beside a score, each in a span of its own. */
export const embedNotesHtml = (notes: readonly string[]): string =>
  notes.map((text) => `<span class="pw-note">${escapeHtml(text)}</span>`).join('');

/** One match's row: its link, clock, teams and score, and the data the script updates it by. */
export function embedRowHtml(entry: ScoreboardEntry, context: EmbedRowContext): string {
  const { match } = entry;
  const kickoff = match.status === 'scheduled' ? ` data-kickoff="${escapeHtml(match.kickoff)}"` : '';
  return [
    `<li class="pw-row" data-match-id="${escapeHtml(match.id)}" data-status="${escapeHtml(match.status)}"`,
    ` data-live="${isLive(match.status)}" data-seq="${escapeHtml(`${entry.epoch}:${entry.seq}`)}">`,
    `<a class="pw-link" href="${escapeHtml(`${context.matchUrl}${encodeURIComponent(match.id)}`)}" target="_blank" rel="noopener">`,
    `<span class="pw-clock" data-role="clock"${kickoff}>${escapeHtml(context.clock)}</span>`,
    team(match.home, 'pw-home', context.crests),
    `<span class="pw-result"><span class="pw-score" data-role="score">${escapeHtml(scoreText(match))}</span>`,
    `<span class="pw-notes" data-role="notes">${embedNotesHtml(context.notes)}</span></span>`,
    team(match.away, 'pw-away', context.crests),
    `<span class="pw-outcome" data-role="outcome">${escapeHtml(context.outcome)}</span>`,
    `<span class="pw-sr">${escapeHtml(context.newTab)}</span>`,
    '</a></li>',
  ].join('');
}

/** A competition's group of rows; headed with its name except on a competition's own widget. */
export function embedGroupHtml(
  competition: { id: string; name: string },
  headed: boolean,
  rowsHtml: string,
): string {
  return (
    `<section class="pw-group" data-competition-id="${escapeHtml(competition.id)}">` +
    (headed ? `<h2 class="pw-group-name">${escapeHtml(competition.name)}</h2>` : '') +
    `<ul class="pw-list">${rowsHtml}</ul></section>`
  );
}
