import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchDetail } from '@pitchside/shared/domain';
import { readEnv } from '../src/config/env.ts';
import { createProvider } from '../src/providers/create-provider.ts';
import type { IngestHandle } from '../src/ingest-worker.ts';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { quietIntervals, startTestGateway, startTestIngest } from './support/ingest-under-test.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIST = process.env.PITCHSIDE_WEB_DIST ?? `${ROOT}web/dist`;
const COMMAND = ['--import', 'tsx', 'ingest/src/providers/testing/recorded-peer-main.ts'];

/**
 * `npm run peer:recorded` (README, "Against a real provider's recorded answers"), run as a developer runs it:
 * its own process, options on the command line, the environment for `npm start` printed. The real ingest,
 * configured from exactly that environment (readEnv, createProvider: what `npm start`'s ingest does), and the
 * real gateway follow the recorded match day it serves; the match it puts first plays through to its shoot-out.
 */
describe('npm run peer:recorded', () => {
  it('refuses a bad option with its usage and exit code 2', async () => {
    const refused = [
      ['--provider', 'football-data', '--speed', 'fast'],
      ['--provider', 'opta'],
      ['--provider', 'football-data', '--colour'],
    ].map(
      (args) =>
        new Promise<{ args: string; code: number | null; stderr: string }>((resolve) => {
          const run = spawn(process.execPath, [...COMMAND, ...args], { cwd: ROOT });
          let stderr = '';
          run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          run.on('exit', (code) => resolve({ args: args.join(' '), code, stderr }));
        }),
    );
    for (const { args, code, stderr } of await Promise.all(refused)) {
      expect(code, args).toBe(2);
      expect(stderr, args).toMatch(/^peer:recorded: .+\n\nUsage: npm run peer:recorded -- --provider/);
    }
  });

  describe('serving football-data.org, followed by the real ingest configured from what it prints', () => {
    let peer: ChildProcess;
    let printed: Record<string, string>;
    let t: TestRedis;
    let ingest: IngestHandle;
    let gateway: Awaited<ReturnType<typeof startTestGateway>>;

    beforeAll(async () => {
      if (!existsSync(`${WEB_DIST}/server/entry-server.js`)) {
        throw new Error('web/dist is missing: run `npm run build:web` (npm test does it before the tests).');
      }
      // A replay a thousand times faster than the recording: its first shoot-out is over in some ten seconds.
      peer = spawn(
        process.execPath,
        [
          ...COMMAND,
          '--provider',
          'football-data',
          '--port',
          '0',
          '--speed',
          '1000',
          '--kickoff-in',
          '0.05',
          '--per-minute',
          '120',
          '--quiet',
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      printed = await new Promise((resolve, reject) => {
        peer.once('exit', (code) => reject(new Error(`peer:recorded exited (${code}) before it was ready`)));
        createInterface({ input: peer.stdout! }).on('line', (line) => {
          const command = /^\s+(PROVIDER=.*) npm start$/.exec(line);
          if (command)
            resolve(Object.fromEntries(command[1]!.split(' ').map((v) => v.split('=') as [string, string])));
        });
      });
      t = await testRedis();
      const env = readEnv({ ...printed, REDIS_URL });
      ingest = await startTestIngest(t, createProvider(env, pino({ level: 'silent' })), {
        intervals: quietIntervals({
          'poll-live': 250,
          'poll-details': 500,
          'poll-fixtures': 500,
          'poll-standings': 2000,
          'poll-teams': 2000,
        }),
        fixtureWindowDays: 1,
      });
      gateway = await startTestGateway(t, { webDist: WEB_DIST });
    }, 60_000);

    afterAll(async () => {
      await gateway?.close();
      await ingest?.close();
      await t?.cleanup();
      if (peer && peer.exitCode === null) peer.kill('SIGINT');
    });

    const match = async (id: string): Promise<MatchDetail['match'] | null> => {
      const res = await fetch(`${gateway.url}/api/matches/${id}`);
      return res.ok ? ((await res.json()) as { data: { detail: MatchDetail } }).data.detail.match : null;
    };

    it('prints what npm start needs, and the site shows the recorded day: its first leg, then its shoot-out as recorded', async () => {
      expect(printed).toEqual({
        PROVIDER: 'football-data',
        GAME_API_BASE_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        GAME_API_KEY: 'recorded',
      });
      // HJK 1-0 RFS, the tie's first leg, was played earlier the same day (a week before, a thousand times faster).
      await expect
        .poll(() => match('418524'), { timeout: 15_000 })
        .toMatchObject({
          status: 'finished',
          score: { current: { home: 1, away: 0 } },
        });
      // RFS–HJK kicks off three seconds after the command started and ends in a shoot-out.
      await expect
        .poll(async () => (await match('418518'))?.status, { timeout: 30_000 })
        .toBe('finished_pen');
      expect((await match('418518'))!.score).toMatchObject({
        current: { home: 2, away: 1 },
        penalties: { home: 4, away: 5 },
        winner: 'away',
        aggregate: { home: 2, away: 2 },
      });
      await expect
        .poll(
          async () =>
            (await (await fetch(`${gateway.url}/en/match/418518`)).text()).includes(
              'Helsingin JK win 5–4 on penalties (2–2 on aggregate)',
            ),
          { timeout: 20_000, interval: 500 },
        )
        .toBe(true);

      // Ctrl+C stops it.
      const exited = new Promise<number | null>((resolve) => peer.once('exit', resolve));
      peer.kill('SIGINT');
      expect(await exited).toBe(0);
    }, 90_000);
  });
});
