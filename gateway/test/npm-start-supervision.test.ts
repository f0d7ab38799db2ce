import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { startNpmStart, type NpmStart } from '@pitchside/test-support/npm-start';
import { connectClient, connected } from '@pitchside/test-support/gateway';
import { Viewer } from '@pitchside/test-support/faults/viewer';

/**
 * Issue 17 §4: `npm start` supervises its services (scripts/lib/services.mjs). The gateway is SIGKILLed
 * under a fan watching a live match: the runner says so, starts it again, the site answers again by itself,
 * and the fan's page resumes from its position without missing or repeating a delta. Then ingest.
 */
describe('npm start, a service killed', () => {
  let start: NpmStart;

  beforeAll(async () => {
    start = await startNpmStart();
  }, 190_000);
  afterAll(async () => {
    await start?.stop();
  }, 30_000);

  const healthy = () =>
    fetch(`${start.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  const said = (text: string) => start.output.some((line) => line.includes(text));

  it('starts a SIGKILLed gateway again; the site comes back and a viewer resumes without a gap', async () => {
    const live = async () =>
      ((await (await fetch(`${start.url}/api/matches/live`)).json()) as { data: ScoreboardEntry[] }).data;
    await expect
      .poll(async () => (await live()).length, { timeout: 60_000, interval: 500 })
      .toBeGreaterThan(0);
    const matchId = (await live())[0]!.match.id;
    const socket = connectClient(start.url);
    const viewer = new Viewer(socket, matchId);
    try {
      await connected(socket);
      await viewer.subscribe();
      const before = viewer.position!;

      const pid = start.servicePid('gateway/src/index.ts')!;
      expect(pid).toBeGreaterThan(0);
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      await expect
        .poll(() => said('[gateway] stopped (SIGKILL); starting it again in 1 s'), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(healthy, { timeout: 90_000, interval: 250 }).toBe(true);
      const backAfterMs = Date.now() - killedAt;
      expect(start.servicePid('gateway/src/index.ts')).not.toBe(pid);
      expect(start.process.exitCode).toBeNull();

      // The page's socket reconnects and resubscribes with its position: same epoch, every seq once.
      await expect.poll(() => viewer.lastSubscribedAt > killedAt, { timeout: 30_000 }).toBe(true);
      expect(viewer.position!.epoch).toBe(before.epoch);
      const seqs = viewer.seqs();
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(seqs.length === 0 || seqs.at(-1)! - seqs[0]! + 1 === seqs.length).toBe(true);
      console.warn(
        `[supervision] gateway SIGKILLed: answering again after ${backAfterMs} ms; viewer resumed at seq ${before.seq} -> ${viewer.position!.seq}, ${seqs.length} deltas applied, resyncs ${viewer.resyncs}`,
      );
    } finally {
      viewer.close();
      socket.disconnect();
    }
  }, 180_000);

  it('starts a SIGKILLed ingest again, and the site stays up meanwhile', async () => {
    const pid = start.servicePid('ingest/src/index.ts')!;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(() => said('[ingest] stopped (SIGKILL); starting it again in 1 s'), { timeout: 10_000 })
      .toBe(true);
    expect(await healthy()).toBe(true);
    await expect.poll(() => start.servicePid('ingest/src/index.ts'), { timeout: 30_000 }).not.toBeNull();
    expect(start.servicePid('ingest/src/index.ts')).not.toBe(pid);
    expect(start.process.exitCode).toBeNull();
  }, 60_000);
});
