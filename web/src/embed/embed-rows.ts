/**
 * The embed's rows in the browser: updates a row the server rendered (score, clock, status) and builds the
 * row of a match that joins the board later, from the markup the server renders them with
 * (shared/widget/embed-markup). The clock, score and outcome rules are shared's own (domain/match-clock,
 * domain/match-outcome), taken from their zod-free modules: the embed carries no framework and no schema
 * code, to stay a few kilobytes.
 */
import { clockText, kickoffText, scoreText } from '@pitchside/shared/domain/match-clock';
import { isLive } from '@pitchside/shared/domain/match-status';
import {
  outcomeSentence,
  scoreNoteTexts,
  type OutcomeMessages,
} from '@pitchside/shared/domain/match-outcome';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { embedGroupHtml, embedNotesHtml, embedRowHtml } from '@pitchside/shared/widget/embed-markup';

export interface EmbedLabels {
  clock: Record<string, string>;
  /** common:outcome: the winner's sentence and the marks beside a score. */
  outcome: OutcomeMessages;
  newTab: string;
  empty: string;
}

/** The kick-off in the reader's own time zone: the time today, with the date on other days. */
export const localKickoff = (iso: string, lang: string): string => kickoffText(iso, lang, Date.now());

/** Markup of ours (every text in it escaped) as a node. */
function fromHtml(html: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.firstElementChild as HTMLElement;
}

/** A new row, as the server would have rendered it. */
export function buildRow(
  entry: ScoreboardEntry,
  context: { labels: EmbedLabels; lang: string; matchUrl: string; crests: boolean },
): HTMLElement {
  const { match } = entry;
  return fromHtml(
    embedRowHtml(entry, {
      matchUrl: context.matchUrl,
      crests: context.crests,
      clock: clockText(match, context.labels.clock, (iso) => localKickoff(iso, context.lang)),
      notes: scoreNoteTexts(match, context.labels.outcome),
      outcome: outcomeSentence(match, context.labels.outcome) ?? '',
      newTab: context.labels.newTab,
    }),
  );
}

/** A new competition's group (headed: only the live widget adds groups) and its list. */
export function buildGroup(competition: { id: string; name: string }): {
  group: HTMLElement;
  list: HTMLElement;
} {
  const group = fromHtml(embedGroupHtml(competition, true, ''));
  return { group, list: group.querySelector<HTMLElement>('.pw-list')! };
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
    notes.innerHTML = embedNotesHtml(texts);
  }
  const outcome = row.querySelector<HTMLElement>('[data-role="outcome"]');
  if (outcome) outcome.textContent = outcomeSentence(match, context.labels.outcome) ?? '';
}
