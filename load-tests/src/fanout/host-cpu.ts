import { readdirSync, readFileSync } from 'node:fs';

/**
 * Who else is using the machine: the benchmark pins a server and its viewers to one core each and
 * believes their CPU figures only when no neighbour (another session's tests, a build) ran meanwhile.
 * Attributed per process from /proc/<pid>/stat (Linux): per-core totals in /proc/stat cannot tell our
 * own kernel work from someone else's.
 */

/** USER_HZ: the unit of /proc/<pid>/stat times; 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

/**
 * CPU ticks used so far by every process on the machine: its own time plus that of the children it
 * reaped (so a short-lived test worker that comes and goes between two readings is still counted).
 */
export function readProcessTicks(): Map<number, { ticks: number; comm: string }> {
  const result = new Map<number, { ticks: number; comm: string }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return result;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // comm is in parentheses and may hold spaces; the numeric fields follow the last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // Fields 14-17 of proc(5) (utime, stime, cutime, cstime) are 11-14 once pid and comm are cut.
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
      result.set(Number(pid), { ticks, comm });
    } catch {
      // The process exited between readdir and read.
    }
  }
  return result;
}

/**
 * CPU that processes other than `ours` (and Redis, which works for the benchmark) used between two
 * readings, as a percentage of one core: what a neighbour took from the measurement.
 */
export function neighbourCpuPercent(
  before: Map<number, { ticks: number }>,
  after: Map<number, { ticks: number; comm: string }>,
  ours: ReadonlySet<number>,
  elapsedMs: number,
): number {
  let ticks = 0;
  for (const [pid, { ticks: now, comm }] of after) {
    if (ours.has(pid) || comm === 'redis-server') continue;
    ticks += Math.max(0, now - (before.get(pid)?.ticks ?? 0));
  }
  return elapsedMs > 0 ? (100 * ticks * (1000 / TICKS_PER_SECOND)) / elapsedMs : 0;
}

/**
 * Waits (at most `maxWaitMs`) until neighbours use less than `thresholdPercent` of a core, so their
 * bursts do not land in the numbers. Returns the wait and the neighbours' last reading.
 */
export async function waitForQuiet(
  ours: ReadonlySet<number>,
  maxWaitMs: number,
  thresholdPercent = NEIGHBOUR_THRESHOLD_PERCENT,
): Promise<{ waitedMs: number; neighbourPercent: number }> {
  const started = Date.now();
  for (;;) {
    const before = readProcessTicks();
    await new Promise((r) => setTimeout(r, 1_000));
    const neighbourPercent = neighbourCpuPercent(before, readProcessTicks(), ours, 1_000);
    if (neighbourPercent <= thresholdPercent || Date.now() - started >= maxWaitMs) {
      return { waitedMs: Date.now() - started, neighbourPercent };
    }
  }
}

/** Above this share of one core, a neighbour's CPU makes a phase suspect. */
export const NEIGHBOUR_THRESHOLD_PERCENT = 15;
