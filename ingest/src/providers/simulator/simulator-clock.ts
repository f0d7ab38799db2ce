import type { Logger } from 'pino';
import { z } from 'zod';
import { HttpClient } from '../http-client.ts';
import { parseUpstream } from '../parse-upstream.ts';

/**
 * The simulated game API's "now", read over HTTP. The simulator plays its day `timeScale` times faster than
 * ours from the instant it started, so which dates are "today" and which matches "kick off soon" come from its
 * clock, not ours. Its index (`GET /`, not an API-Football path, not counted against the request budget) says
 * where its clock is and how fast it runs; between readings the clock is carried forward at that speed, and it
 * is read again every `resyncMs`, so a simulator restarted on a new day is followed within that time.
 *
 * Until the first reading (the simulator not answering yet) it is our own clock: the simulator starts its day
 * on the real instant it starts, so that is where it would be anyway.
 */
export interface SimulatorClock {
  nowMs(): number;
  /** Reads the simulator's clock now; false (and the last reading kept) when it does not answer. */
  sync(): Promise<boolean>;
  /** Stops the periodic reading. */
  close(): void;
}

export interface SimulatorClockOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /** How often the clock is read again; default 30 s. */
  resyncMs?: number;
  /** Our clock; injectable for tests. */
  realNow?: () => number;
}

const SimulatorIndexSchema = z.object({
  nowMs: z.number().int(),
  timeScale: z.number().min(0),
});

export function createSimulatorClock(options: SimulatorClockOptions): SimulatorClock {
  const realNow = options.realNow ?? Date.now;
  const http = new HttpClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  const logger = options.logger.child({ module: 'simulator-clock' });
  let reading: { simMs: number; realMs: number; timeScale: number } | null = null;
  let failing = false;

  const sync = async (): Promise<boolean> => {
    const sent = realNow();
    try {
      const index = parseUpstream(SimulatorIndexSchema, await http.getJson('/'), `${options.baseUrl}/`);
      // The answer was made somewhere between sending and receiving: the middle is the best guess.
      reading = { simMs: index.nowMs, realMs: (sent + realNow()) / 2, timeScale: index.timeScale };
      if (failing) logger.info({ url: options.baseUrl }, 'simulator clock read again');
      failing = false;
      return true;
    } catch (err) {
      if (!failing) logger.warn({ err, url: options.baseUrl }, "cannot read the simulator's clock");
      failing = true;
      return false;
    }
  };

  const timer = setInterval(() => void sync(), options.resyncMs ?? 30_000);
  timer.unref();

  return {
    nowMs() {
      const now = realNow();
      if (!reading) return now;
      return Math.floor(reading.simMs + (now - reading.realMs) * reading.timeScale);
    },
    sync,
    close: () => clearInterval(timer),
  };
}
