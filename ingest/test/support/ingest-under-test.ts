import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp, type App } from '@pitchside/gateway/app';
import { startIngest, type IngestHandle, type IngestOptions } from '../../src/ingest-worker.ts';
import type { PollIntervals } from '../../src/jobs/poll-jobs.ts';
import type { GameProvider } from '../../src/providers/provider.ts';
import type { TestRedis } from '@pitchside/test-support/redis';

const HOUR = 3_600_000;

/** Every poll once an hour (never again within a test) unless the test says otherwise. */
export const quietIntervals = (overrides: Partial<PollIntervals> = {}): PollIntervals => ({
  'poll-live': HOUR,
  'poll-details': HOUR,
  'poll-fixtures': HOUR,
  'poll-on-demand': HOUR,
  'poll-standings': HOUR,
  'poll-teams': HOUR,
  'poll-squads': HOUR,
  'poll-news': HOUR,
  ...overrides,
});

/** The real ingest worker (BullMQ on the test's Redis prefix) polling `provider`. */
export function startTestIngest(
  t: TestRedis,
  provider: GameProvider,
  options: Partial<IngestOptions> & { intervals: PollIntervals },
): Promise<IngestHandle> {
  return startIngest(
    {
      redis: t.connect(),
      connection: t.connect({ maxRetriesPerRequest: null }),
      keys: t.keys,
      provider,
      logger: pino({ level: 'silent' }),
    },
    { timeoutMs: 3000, ...options },
  );
}

/** A real gateway (REST and sockets, no accounts, no website) on the test's Redis prefix. */
export async function startTestGateway(
  t: TestRedis,
  options: { webDist?: string } = {},
): Promise<{ app: App; url: string; close(): Promise<void> }> {
  const app = await createApp({ redis: t.connect(), subscriber: t.connect(), keys: t.keys }, options);
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  return { app, url, close: () => app.close() };
}
