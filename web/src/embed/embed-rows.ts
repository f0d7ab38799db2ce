/**
 * The embed's rows in the browser: updates a row the server rendered (score, clock, status) and builds the
 * row of a match that joins the board later. The markup is the server's (gateway/src/widget/embed-page.ts
 * `row`), kept the same by hand; the clock, score and outcome rules are shared's own (domain/match-clock,
 * domain/match-outcome), taken from their zod-free modules: the embed carries no framework and no schema
 * code, to stay a few kilobytes.
 */
import type { Match } from '@pitchside/shared/domain';
import { clockText, kickoffText, scoreText } from '@pitchside/shared/domain/match-clock';
import { isLive } from '@pitchside/shared/domain/match-status';
import {
  outcomeSentence,
  scoreNoteTexts,
  type OutcomeMessages,
} from '@pitchside/shared/domain/match-outcome';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';

export interface EmbedLabels {
  clock: Record<string, string>;
  /** common:outcome: the winner's sentence and the marks beside a score. */
  outcome: OutcomeMessages;
  newTab: string;
  empty: string;
}

/** The kick-off in the reader's own time zone: the time today, with the date on other days. */
export const localKickoff = (iso: string, lang: string): string => kickoffText(iso, lang, Date.now());

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
  const notes = element('span', 'pw-notes');
  notes.dataset.role = 'notes';
  const result = element('span', 'pw-result');
  result.append(score, notes);
  const outcome = element('span', 'pw-outcome');
  outcome.dataset.role = 'outcome';
  link.append(
    clock,
    team(match.home, 'pw-home', context.crests),
    result,
    team(match.away, 'pw-away', context.crests),
    outcome,
    element('span', 'pw-sr', context.labels.newTab),
  );
  row.append(link);
  updateRow(row, entry, context);
  row.classList.remove('pw-changed');
  return row;
}

/** Brings a row to the entry: score (flashing when it changed), the marks beside it, the winner, clock and status. */
export function updateRow(
  row: HTMLElement,
  entry: ScoreboardEntry,
  context: { labels: EmbedLabels; lang: string },
): void {
  const { match } = entry;
  row.dataset.status = match.status;
  row.dataset.live = String(isLive(match.status));
  row.dataset.seq = `${entry.epoch}:${entry.seq}`;
  const clock = row.querySelector<HTMLElement>('[data-role="clock"]');
  if (clock) {
    clock.textContent = clockText(match, context.labels.clock, (iso) => localKickoff(iso, context.lang));
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
  const notes = row.querySelector<HTMLElement>('[data-role="notes"]');
  const texts = scoreNoteTexts(match, context.labels.outcome);
  if (notes && [...notes.children].map((n) => n.textContent).join('|') !== texts.join('|')) {
    notes.replaceChildren(...texts.map((text) => element('span', 'pw-note', text)));
  }
  const outcome = row.querySelector<HTMLElement>('[data-role="outcome"]');
  if (outcome) outcome.textContent = outcomeSentence(match, context.labels.outcome) ?? '';
}
