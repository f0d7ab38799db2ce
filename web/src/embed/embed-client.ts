/**
 * The embed's own script (/embed/scores, gateway/src/widget): no framework, only socket.io-client. The
 * page arrives with the scores already in it; this connects to the gateway's socket (same origin: the
 * frame is the gateway's page), subscribes to the page's scoreboard scopes with the usual
 * `scoreboard:subscribe` and moves scores, minutes and statuses along as `scoreboard:updated` arrives.
 * Every (re)connect subscribes again, and the snapshot that answers catches up on what was missed.
 * It also tells the host page its height (widget.js sizes the frame to it).
 */
import { io, type Socket } from 'socket.io-client';
import type {
  Ack,
  ClientToServerEvents,
  SOCKET_PATH,
  ScoreboardEntry,
  ScoreboardScope,
  ScoreboardSnapshot,
  ServerToClientEvents,
} from '@pitchside/shared/protocol';
import { isLive } from '@pitchside/shared/domain/match-status';
import { buildGroup, buildRow, localKickoff, updateRow, type EmbedLabels } from './embed-rows.ts';

/** gateway/src/widget/embed-page.ts `EmbedData`: what the page's JSON data block holds. */
interface EmbedData {
  lang: string;
  scope: 'live' | 'competition' | 'team';
  subscriptions: ScoreboardScope[];
  matchUrl: string;
  labels: EmbedLabels;
}

type EmbedSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SOCKET: typeof SOCKET_PATH = '/socket.io';
const KICK_BACKOFF_MAX_MS = 30_000;

/**
 * The web app parses pushes with shared's zod schemas; the embed cannot carry zod in its budget, so it
 * checks the few fields it reads and drops anything else.
 */
function isEntry(raw: unknown): raw is ScoreboardEntry {
  const entry = raw as Partial<ScoreboardEntry> | null;
  const match = entry?.match;
  return (
    typeof entry?.epoch === 'string' &&
    typeof entry.seq === 'number' &&
    typeof match?.id === 'string' &&
    typeof match.status === 'string' &&
    typeof match.kickoff === 'string' &&
    typeof match.home?.name === 'string' &&
    typeof match.away?.name === 'string' &&
    typeof match.competition?.id === 'string' &&
    typeof match.score?.current === 'object' &&
    typeof match.clock === 'object'
  );
}

function start(): void {
  const source = document.getElementById('pitchside-embed');
  const board = document.querySelector<HTMLElement>('[data-testid="embed-board"]');
  if (!source?.textContent || !board) return;
  const data = JSON.parse(source.textContent) as EmbedData;
  const root = document.documentElement;
  const context = {
    labels: data.labels,
    lang: data.lang,
    matchUrl: data.matchUrl,
    crests: root.classList.contains('size-regular'),
  };
  const rows = new Map<string, HTMLElement>();
  for (const row of board.querySelectorAll<HTMLElement>('.pw-row')) rows.set(row.dataset.matchId ?? '', row);
  const empty = board.querySelector<HTMLElement>('[data-role="empty"]');

  // Kick-off times came in UTC: show them in the reader's zone.
  for (const clock of board.querySelectorAll<HTMLElement>('[data-kickoff]')) {
    clock.textContent = localKickoff(clock.dataset.kickoff ?? '', data.lang);
  }

  /** Applies an entry unless the row already shows this position or a later one of the same history. */
  const newer = (row: HTMLElement, entry: ScoreboardEntry): boolean => {
    const [epoch, seq] = (row.dataset.seq ?? '').split(':');
    return epoch !== entry.epoch || entry.seq > Number(seq);
  };

  function remove(row: HTMLElement): void {
    rows.delete(row.dataset.matchId ?? '');
    const group = row.closest('.pw-group');
    row.remove();
    if (group && !group.querySelector('.pw-row')) group.remove();
  }

  /** A match that joined the live list: into its competition's group, made if needed. */
  function add(entry: ScoreboardEntry): void {
    const { competition } = entry.match;
    let list = [...board!.querySelectorAll<HTMLElement>('.pw-group')]
      .find((g) => g.dataset.competitionId === competition.id)
      ?.querySelector('.pw-list');
    if (!list) {
      const built = buildGroup(competition);
      list = built.list;
      board!.insertBefore(built.group, empty);
    }
    const row = buildRow(entry, context);
    list.append(row);
    rows.set(entry.match.id, row);
  }

  function apply(raw: unknown, inScope: boolean): void {
    if (!isEntry(raw)) return;
    const row = rows.get(raw.match.id);
    if (data.scope === 'live' && !inScope) {
      if (row) remove(row);
    } else if (row) {
      if (newer(row, raw)) updateRow(row, raw, context);
    } else if (data.scope === 'live' && isLive(raw.match.status)) {
      add(raw);
    }
    // A competition's or a team's widget keeps the rows it was rendered with (a team's board follows its
    // competitions, so other teams' matches arrive too and are left out here).
    if (empty) empty.hidden = rows.size > 0;
  }

  function snapshot(entries: readonly unknown[], scope: ScoreboardScope): void {
    if (scope.kind === 'live') {
      const ids = new Set(entries.map((e) => (isEntry(e) ? e.match.id : '')));
      for (const [id, row] of rows) if (!ids.has(id)) remove(row);
    }
    for (const entry of entries) apply(entry, true);
  }

  const socket: EmbedSocket = io({ path: SOCKET, transports: ['websocket'] });
  const setState = (state: 'live' | 'reconnecting') => {
    root.dataset.connection = state;
  };
  let kicks = 0;
  socket.on('connect', () => {
    setState('live');
    for (const scope of data.subscriptions) {
      socket.emit('scoreboard:subscribe', { scope }, (ack: Ack<ScoreboardSnapshot>) => {
        if ('data' in ack) snapshot(ack.data.entries, scope);
      });
    }
  });
  socket.on('disconnect', (reason) => {
    setState('reconnecting');
    // A gateway shutting down closes us on purpose, and socket.io then does not retry: another gateway
    // takes us after a full-jitter backoff (as the site's live-connection.ts does).
    if (reason === 'io server disconnect') {
      kicks += 1;
      setTimeout(() => socket.connect(), Math.random() * Math.min(KICK_BACKOFF_MAX_MS, 500 * 2 ** kicks));
    }
  });
  socket.on('connect_error', () => setState('reconnecting'));
  socket.on('scoreboard:updated', (update) => apply(update?.entry, update?.inScope !== false));

  // The host page sizes the frame to the board (widget.js checks that the message comes from us). The
  // height is no secret, so any parent may have it: on every change, and when it asks (a parent that began
  // listening after the first report, like the configurator's preview while it hydrates).
  if (window.parent !== window) {
    const report = () =>
      window.parent.postMessage(
        { type: 'pitchside:height', height: Math.ceil(document.body.getBoundingClientRect().height) },
        '*',
      );
    new ResizeObserver(report).observe(document.body);
    window.addEventListener('message', (event) => {
      if (
        event.source === window.parent &&
        (event.data as { type?: unknown } | null)?.type === 'pitchside:measure'
      )
        report();
    });
  }
}

start();
