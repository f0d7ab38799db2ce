/**
 * The embed's HTML, rendered here on the server: the scores are in the page itself, so the frame shows
 * them with scripts off, and the embed's own small script (web/src/embed) only moves them along. Its
 * styles are inline and the frame isolates them: nothing of the host page's CSS or scripts reaches in.
 * The rows' and groups' markup is shared's widget/embed-markup, which the embed's script builds new rows
 * with too; the clock, the marks beside the score and the winner's sentence are domain/match-clock's and
 * domain/match-outcome's.
 */
import type { Language } from '@pitchside/shared/constants';
import {
  clockText,
  kickoffText,
  outcomeSentence,
  scoreNoteTexts,
  type Match,
  type OutcomeMessages,
} from '@pitchside/shared/domain';
import type { ErrorCode } from '@pitchside/shared/errors';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { scriptJson } from '@pitchside/shared/script-json';
import { embedGroupHtml, embedRowHtml, escapeHtml } from '@pitchside/shared/widget/embed-markup';
import type { EmbedBoard } from './embed-board.ts';
import type { EmbedOptions } from './embed-options.ts';
import { fill, type EmbedMessages } from './widget-messages.ts';

/** Everything the embed's script needs, in a JSON data block (the CSP allows no inline script). */
export interface EmbedData {
  lang: Language;
  scope: EmbedOptions['scope'];
  subscriptions: EmbedBoard['subscriptions'];
  /** Where a row links: this plus the match id. */
  matchUrl: string;
  labels: { clock: Record<string, string>; outcome: OutcomeMessages; newTab: string; empty: string };
}

export interface EmbedPageInput {
  options: EmbedOptions;
  board: EmbedBoard;
  messages: EmbedMessages;
  /** The site's public origin, without a trailing slash. */
  siteUrl: string;
  /** The embed script's path (from the web build), or null when the site is not built. */
  scriptSrc: string | null;
  nowMs: number;
}

/** A row's clock; the kick-off time in UTC here (the script shows it in the reader's own time zone). */
const rowClock = (match: Match, clock: Record<string, string>, lang: string, nowMs: number): string =>
  clockText(match, clock, (iso) => kickoffText(iso, lang, nowMs, 'UTC'));

function row(entry: ScoreboardEntry, input: EmbedPageInput): string {
  const { messages, options, nowMs } = input;
  return embedRowHtml(entry, {
    matchUrl: `${input.siteUrl}/${options.lang}/match/`,
    crests: options.size === 'regular',
    clock: rowClock(entry.match, messages.clock, options.lang, nowMs),
    notes: scoreNoteTexts(entry.match, messages.outcome),
    outcome: outcomeSentence(entry.match, messages.outcome) ?? '',
    newTab: messages.newTab,
  });
}

/** Rows grouped by competition, in kickoff order of each group's first match. */
function groups(input: EmbedPageInput): string {
  const byCompetition = new Map<string, { name: string; entries: ScoreboardEntry[] }>();
  for (const entry of input.board.entries) {
    const { id, name } = entry.match.competition;
    const group = byCompetition.get(id) ?? { name, entries: [] };
    group.entries.push(entry);
    byCompetition.set(id, group);
  }
  const headed = input.options.scope !== 'competition';
  return [...byCompetition]
    .map(([id, group]) =>
      embedGroupHtml({ id, name: group.name }, headed, group.entries.map((e) => row(e, input)).join('')),
    )
    .join('');
}

export function embedPage(input: EmbedPageInput): string {
  const { options, board, messages } = input;
  const title = board.name ?? messages.liveTitle;
  const empty = messages.empty[options.scope];
  const data: EmbedData = {
    lang: options.lang,
    scope: options.scope,
    subscriptions: board.subscriptions,
    matchUrl: `${input.siteUrl}/${options.lang}/match/`,
    labels: { clock: messages.clock, outcome: messages.outcome, newTab: messages.newTab, empty },
  };
  const home = `${input.siteUrl}/${options.lang}`;
  return document(options, `${title} · ${messages.frameTitle}`, [
    `<header class="pw-head"><h1 class="pw-title">${escapeHtml(title)}</h1></header>`,
    `<main class="pw-board" data-testid="embed-board">${groups(input)}`,
    `<p class="pw-empty" data-role="empty"${board.entries.length > 0 ? ' hidden' : ''}>${escapeHtml(empty)}</p></main>`,
    `<footer class="pw-foot"><a class="pw-credit" href="${escapeHtml(home)}" target="_blank" rel="noopener">`,
    `${escapeHtml(messages.credit)}</a></footer>`,
    `<script type="application/json" id="pitchside-embed">${scriptJson(data)}</script>`,
    input.scriptSrc ? `<script src="${escapeHtml(input.scriptSrc)}" defer></script>` : '',
  ]);
}

/** The small page a bad option gets: what went wrong, in the asked language, with the stable code. */
export function embedErrorPage(
  options: Pick<EmbedOptions, 'lang'> & Partial<EmbedOptions>,
  messages: EmbedMessages,
  code: ErrorCode,
): string {
  const body =
    code === 'competition:not-found'
      ? messages.notFound.competition
      : code === 'team:not-found'
        ? messages.notFound.team
        : messages.errorBody;
  return document(
    { theme: options.theme ?? 'light', size: options.size ?? 'regular', lang: options.lang },
    messages.errorTitle,
    [
      `<main class="pw-error" data-error-code="${escapeHtml(code)}">`,
      `<h1 class="pw-title">${escapeHtml(messages.errorTitle)}</h1>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p class="pw-code">${escapeHtml(fill(messages.errorCode, { code }))}</p></main>`,
    ],
  );
}

function document(
  options: Pick<EmbedOptions, 'theme' | 'size' | 'lang'>,
  title: string,
  body: string[],
): string {
  return [
    '<!doctype html>',
    `<html lang="${options.lang}" class="theme-${options.theme} size-${options.size}" data-connection="static">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex"><meta name="referrer" content="strict-origin-when-cross-origin">',
    // The site's icon: without one, browsers ask for /favicon.ico, which only the site's renderer answers.
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<title>${escapeHtml(title)}</title><style>${STYLES}</style></head>`,
    `<body>${body.join('')}</body></html>`,
  ].join('');
}

const STYLES = `
*{box-sizing:border-box;margin:0;padding:0}
:root{--bg:#fff;--fg:#151a22;--muted:#5a6472;--line:#e2e6ec;--hover:#f2f5f8;--accent:#08753a;--live:#c8232c;
color-scheme:light;font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.theme-dark{--bg:#11161d;--fg:#eef1f5;--muted:#9aa4b2;--line:#29303b;--hover:#1a212b;--accent:#4fd08a;--live:#ff6b6b;
color-scheme:dark}
.size-compact{font-size:12px}
html,body{background:var(--bg);color:var(--fg)}
body{padding:.6em .75em}
.pw-title{font-size:1.1em;font-weight:700;margin-bottom:.3em}
.pw-group-name{font-size:.75em;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:.7em 0 .15em}
.pw-list{list-style:none}
.pw-row+.pw-row{border-top:1px solid var(--line)}
.pw-link{display:grid;grid-template-columns:4.4em minmax(0,1fr) auto minmax(0,1fr);align-items:center;gap:.5em;
padding:.45em .15em;color:inherit;text-decoration:none;border-radius:4px}
.size-compact .pw-link{padding:.3em .1em}
.pw-link:hover,.pw-link:focus-visible{background:var(--hover)}
.pw-link:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.pw-clock{font-size:.85em;line-height:1.15;color:var(--muted);font-variant-numeric:tabular-nums}
[data-live=true] .pw-clock{color:var(--live);font-weight:600}
.pw-team{display:flex;align-items:center;gap:.4em;min-width:0}
.pw-home{flex-direction:row-reverse;text-align:right}
.pw-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pw-crest{width:18px;height:18px;object-fit:contain;flex:none}
.pw-result{display:flex;flex-direction:column;align-items:center;min-width:3.4em}
.pw-score{font-weight:700;font-variant-numeric:tabular-nums;text-align:center;border-radius:3px;padding:0 .2em}
.pw-notes{display:flex;flex-direction:column;align-items:center;font-size:.72em;line-height:1.2;color:var(--muted);white-space:nowrap}
.pw-notes:empty,.pw-outcome:empty{display:none}
.pw-outcome{grid-column:2/-1;font-size:.8em;color:var(--muted);text-align:center}
.pw-changed .pw-score{animation:pw-flash 1.5s ease-out}
@keyframes pw-flash{from{background:var(--accent);color:var(--bg)}}
.pw-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.pw-empty{color:var(--muted);padding:.8em 0}
.pw-foot{margin-top:.5em;font-size:.8em;text-align:right}
.pw-foot a,.pw-error a{color:var(--accent)}
.pw-error p{margin-top:.4em}
.pw-code{font-size:.8em;color:var(--muted)}
@media (prefers-reduced-motion:reduce){.pw-changed .pw-score{animation:none}}
`.replace(/\n/g, '');
