import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { simulatorProvider } from '../src/providers/create-provider.ts';
import { createSimulatorClock, type SimulatorClock } from '../src/providers/simulator/simulator-clock.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';

const logger = pino({ level: 'silent' });
const HOUR = 3_600_000;

/**
 * Ingest reads the simulated game API as it reads any provider: at an address. What it needs beyond the
 * API-Football format, the simulator's clock and its competitions' prominence, comes over HTTP or from
 * ingest's own table: checked here against a real simulator.
 */
describe('the simulator as an upstream at an address', () => {
  const running: Simulator[] = [];
  let clock: SimulatorClock | undefined;
  afterEach(async () => {
    clock?.close();
    await Promise.all(running.splice(0).map((s) => s.close()));
  });
  const start = async (options: Parameters<typeof createSimulator>[0], port = 0) => {
    const simulator = createSimulator(options);
    running.push(simulator);
    await simulator.listen(port);
    return simulator;
  };

  it("keeps ingest's today on the simulator's sped-up clock, and follows a restarted simulator", async () => {
    // Years away from the real date, and ten simulated minutes per real second.
    const first = await start({ startAt: new Date('2031-05-01T12:00:00Z'), timeScale: 600 });
    clock = createSimulatorClock({ baseUrl: first.url!, timeoutMs: 2000, logger, resyncMs: 200 });
    // Before the first reading ingest's today is its own.
    expect(Math.abs(clock.nowMs() - Date.now())).toBeLessThan(1000);

    expect(await clock.sync()).toBe(true);
    // Carried forward at the simulator's speed: a real half second later both are five simulated minutes on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const drift = clock.nowMs() - first.clock.nowMs();
    // A reading is at most one round trip old; allow a generous 100 real ms of it, at scale 600.
    expect(Math.abs(drift)).toBeLessThan(60_000);
    expect(new Date(clock.nowMs()).toISOString().slice(0, 10)).toBe('2031-05-01');

    // The simulator restarts on another day on the same address: the next reading moves ingest there.
    const port = Number(new URL(first.url!).port);
    await first.close();
    const second = await start({ startAt: new Date('2032-02-10T08:00:00Z'), timeScale: 60 }, port);
    await expect
      .poll(() => Math.abs(clock!.nowMs() - second.clock.nowMs()), { timeout: 5000 })
      .toBeLessThan(HOUR / 60);
  });

  it('keeps the last reading while the simulator does not answer', async () => {
    const simulator = await start({ startAt: new Date('2031-05-01T12:00:00Z'), timeScale: 0 });
    clock = createSimulatorClock({ baseUrl: simulator.url!, timeoutMs: 500, logger });
    expect(await clock.sync()).toBe(true);
    await simulator.close();
    expect(await clock.sync()).toBe(false);
    expect(clock.nowMs()).toBe(Date.parse('2031-05-01T12:00:00Z'));
  });

  it('ranks every competition the simulator lists, in both sports, by its table', async () => {
    const simulator = await start({ timeScale: 0 });
    const provider = simulatorProvider({ baseUrl: simulator.url!, timeoutMs: 5000, logger });
    const competitions = await provider.competitions();
    expect(competitions.map((c) => c.sport).sort()).toEqual([
      'basketball',
      'basketball',
      'football',
      'football',
      'football',
      'football',
      'football',
    ]);
    // 100 is what a competition nobody ranked gets; the continental cup leads, basketball follows football.
    for (const c of competitions) expect(c.popularity, c.name).toBeLessThan(100);
    const byPopularity = [...competitions].sort((a, b) => a.popularity - b.popularity);
    expect(byPopularity[0]!.name).toBe('Continental Champions Cup');
    expect(byPopularity.at(-1)!.sport).toBe('basketball');
  });
});
