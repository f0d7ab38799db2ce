import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ConnectResult, IntegrityReport, MemorySample, ServerKind } from './ipc.ts';
import { NEIGHBOUR_THRESHOLD_PERCENT } from './host-cpu.ts';
import type { LatencySummary } from './stats.ts';
import { SERVER_ENV } from './servers/process-env.ts';

/** What one phase of one server measured. Latencies are publish-to-receive, in ms. */
export interface PhaseReport {
  name: string;
  published: number;
  deliveries: number;
  expectedDeliveries: number;
  /** From the first publish to the last delivery. */
  spanMs: number;
  deltasPerSec: number;
  deliveriesPerSec: number;
  /** Runs of this phase: a run a neighbour disturbed is repeated (headline phases only). */
  attempts: number;
  /** Waited this long for the pinned cores to go quiet before the phase. */
  quietWaitMs: number;
  latencyMs: LatencySummary;
  /** After the last publish, how long until every viewer held the last delta. */
  drainMs: number;
  drained: boolean;
  stalled: boolean;
  /** How late the publisher itself ran against its schedule (open loops). */
  publisherLateMs: number;
  serverCpuPercent: number;
  clientCpuPercent: number;
  /** Server CPU time (user + system) per delivery: the cost that does not depend on the clients keeping up. */
  serverCpuMicrosPerDelivery: number | null;
  /** CPU other processes on the machine used during the phase, in % of one core (host-cpu.ts). */
  neighbourCpuPercent: number;
}

export interface ServerReport {
  kind: ServerKind;
  neighbourPercentBeforeStart: number;
  connect: ConnectResult;
  memory: { before: MemorySample; after: MemorySample; heapPerConnection: number; rssPerConnection: number };
  steady: PhaseReport;
  saturation: PhaseReport;
  ladder: PhaseReport[];
  integrity: IntegrityReport;
  published: number;
}

export interface RunReport {
  startedAt: string;
  /** How to run it again. */
  command: string;
  options: Record<string, unknown>;
  servers: ServerReport[];
  skipped: { kind: ServerKind; reason: string }[];
}

const LABELS: Record<ServerKind, string> = {
  'bare-ws': 'bare ws',
  'socketio-default': 'default Socket.IO',
  'pitchside-gateway': 'Pitchside gateway',
};

const ms = (v: number | null) => (v === null ? 'n/a' : v < 10 ? v.toFixed(2) : v.toFixed(0));
const int = (v: number) => Math.round(v).toLocaleString('en-US');
const bytes = (v: number) => `${(v / 1024).toFixed(1)} KiB`;
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? `${(a / b).toFixed(2)}x` : 'n/a';

function rows(servers: ServerReport[]): string[][] {
  const row = (label: string, cell: (s: ServerReport) => string) => [label, ...servers.map(cell)];
  const rates = [...new Set(servers.flatMap((s) => s.ladder.map((p) => p.name)))];
  return [
    row(
      'viewers connected (ramp time)',
      (s) => `${int(s.connect.connected)} (${(s.connect.elapsedMs / 1000).toFixed(1)} s)`,
    ),
    row('1 delta/s: deliveries/s', (s) => int(s.steady.deliveriesPerSec)),
    row(
      '1 delta/s: latency p50 / p99 / max (ms)',
      (s) =>
        `${ms(s.steady.latencyMs.p50)} / ${ms(s.steady.latencyMs.p99)} / ${ms(s.steady.latencyMs.max)}${runs(s.steady)}`,
    ),
    row('saturation: deltas/s', (s) => s.saturation.deltasPerSec.toFixed(1)),
    row('saturation: deliveries/s', (s) => `${int(s.saturation.deliveriesPerSec)}${runs(s.saturation)}`),
    row(
      'saturation: latency p50 / p99 (ms)',
      (s) => `${ms(s.saturation.latencyMs.p50)} / ${ms(s.saturation.latencyMs.p99)}`,
    ),
    row('saturation: server CPU / clients CPU (neighbours)', (s) => cpuCell(s.saturation)),
    row('saturation: limited by', (s) => limitedBy(s.saturation)),
    row(
      'server CPU per delivery, 1/s / saturation (µs)',
      (s) => `${us(s.steady.serverCpuMicrosPerDelivery)} / ${us(s.saturation.serverCpuMicrosPerDelivery)}`,
    ),
    ...rates.map((name) =>
      row(`${name}: deliveries/s, lag p99 / max (ms), server CPU per delivery`, (s) => {
        const p = s.ladder.find((l) => l.name === name);
        if (!p) return 'not run';
        return `${int(p.deliveriesPerSec)}, ${ms(p.latencyMs.p99)} / ${ms(p.latencyMs.max)}, ${us(p.serverCpuMicrosPerDelivery)} µs${p.drained ? '' : ' (fell behind)'}${disturbed(p) ? ' ⚠' : ''}`;
      }),
    ),
    row(
      'memory per idle connection: heap / RSS',
      (s) => `${bytes(s.memory.heapPerConnection)} / ${bytes(s.memory.rssPerConnection)}`,
    ),
    row(
      'gaps / duplicates / missing (all viewers)',
      (s) => `${s.integrity.gaps} / ${s.integrity.duplicates} / ${s.integrity.missing}`,
    ),
    row(
      'viewers with a problem / disconnects / bad payloads',
      (s) =>
        `${s.integrity.clientsWithProblems} / ${s.integrity.disconnects} / ${s.integrity.invalidPayloads}`,
    ),
  ];
}

/** A headline phase a neighbour disturbed was rerun: say so next to its figure. */
const runs = (p: PhaseReport) => (p.attempts > 1 ? ` (${p.attempts} runs)` : '');
const us = (v: number | null) => (v === null ? 'n/a' : v.toFixed(2));
const pct = (v: number) => (Number.isNaN(v) ? '?' : `${v.toFixed(0)}%`);

/** Other processes took a noticeable share of the machine during the phase. */
export const disturbed = (p: PhaseReport) => p.neighbourCpuPercent > NEIGHBOUR_THRESHOLD_PERCENT;

const cpuCell = (p: PhaseReport) =>
  `${pct(p.serverCpuPercent)} / ${pct(p.clientCpuPercent)} (${pct(p.neighbourCpuPercent)})${disturbed(p) ? ' ⚠' : ''}`;

/** Which side ran out of CPU in a closed loop; neither means the loop or a neighbour held it back. */
function limitedBy(p: PhaseReport): string {
  if (p.serverCpuPercent >= 90 && p.serverCpuPercent >= p.clientCpuPercent) return 'server';
  if (p.clientCpuPercent >= 90) return 'clients (server had headroom)';
  return disturbed(p) ? 'neighbours (other processes took CPU)' : 'neither core saturated';
}

function markdownTable(header: string[], body: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

function ratios(servers: ServerReport[]): string[] {
  const bare = servers.find((s) => s.kind === 'bare-ws');
  if (!bare) return [];
  return servers
    .filter((s) => s !== bare)
    .map(
      (s) =>
        `- ${LABELS[s.kind]} vs bare ws: saturation deliveries/s ${ratio(s.saturation.deliveriesPerSec, bare.saturation.deliveriesPerSec)}, ` +
        `p99 at 1/s ${ratio(s.steady.latencyMs.p99, bare.steady.latencyMs.p99)}, ` +
        `server CPU per delivery at saturation ${ratio(s.saturation.serverCpuMicrosPerDelivery, bare.saturation.serverCpuMicrosPerDelivery)}, ` +
        `heap per connection ${ratio(s.memory.heapPerConnection, bare.memory.heapPerConnection)}, ` +
        `RSS per connection ${ratio(s.memory.rssPerConnection, bare.memory.rssPerConnection)}`,
    );
}

async function versionOf(pkg: string): Promise<string> {
  try {
    const url = new URL(`../../../node_modules/${pkg}/package.json`, import.meta.url);
    return (JSON.parse(await readFile(url, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Prints nothing: returns the table and writes results/fanout-<timestamp>.{json,md}. */
export async function writeReport(
  run: RunReport,
): Promise<{ json: string; markdown: string; table: string }> {
  const env = {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ws: await versionOf('ws'),
    socketIo: await versionOf('socket.io'),
  };
  const header = ['', ...run.servers.map((s) => LABELS[s.kind])];
  const table = markdownTable(header, rows(run.servers));
  const o = run.options;
  const markdown = [
    `### Fan-out: one hot match to ${int(Number(o['viewers']))} viewers (${run.startedAt.slice(0, 10)})`,
    '',
    `\`${run.command}\` on ${env.cores} × ${env.cpu}, Node ${env.node}, ws ${env.ws}, socket.io ${env.socketIo}. ` +
      `Each server alone on core ${o['serverCore']} (\`taskset\`), the viewers (light Engine.IO clients, \`--client ${o['client']}\`) alone on core ${o['clientCore']}; ` +
      `every delta is a Redis PUBLISH the server subscribes to. Latency is publish-to-receive from the delta's \`at\` (whole ms, so ±0.5 ms). ` +
      `Saturation is a closed loop with ${o['window']} deltas in flight; the open-loop steps last ${o['ladderStepS']} s each and their lag is measured against the schedule. ` +
      `CPU: each pinned process's share of its core, and in brackets what all other processes on the machine used meanwhile (% of one core, from /proc/<pid>/stat); ` +
      `⚠ marks a phase where that exceeded ${NEIGHBOUR_THRESHOLD_PERCENT}% (the 1/s and saturation phases are then rerun, up to twice).` +
      serverEnvironment(run.servers.map((s) => s.kind)),
    '',
    table,
    '',
    ...ratios(run.servers),
    ...run.skipped.map((s) => `- ${LABELS[s.kind]}: not measured (${s.reason})`),
    '',
  ].join('\n');

  const dir = fileURLToPath(new URL('../../results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  const jsonPath = `${dir}fanout-${stamp}.json`;
  const mdPath = `${dir}fanout-${stamp}.md`;
  await writeFile(jsonPath, `${JSON.stringify({ ...run, env, ratios: ratios(run.servers) }, null, 2)}\n`);
  await writeFile(mdPath, markdown);
  return { json: jsonPath, markdown: mdPath, table: `${table}\n\n${ratios(run.servers).join('\n')}` };
}

/** The environment a server was started with beyond the benchmark's (servers/process-env.ts), for the header. */
function serverEnvironment(kinds: readonly ServerKind[]): string {
  const parts = kinds.flatMap((kind) => {
    const vars = Object.entries(SERVER_ENV[kind]).map(([k, v]) => `\`${k}=${v}\``);
    return vars.length ? [`${LABELS[kind]}: ${vars.join(' ')}`] : [];
  });
  return parts.length ? ` Started with, as \`npm start\` starts it: ${parts.join('; ')}.` : '';
}
