import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repo. Unit tests sit beside the code; integration tests (real Redis) in each
 * package's test/; browser tests (real Chromium) in web/e2e. Every test uses its own Redis key prefix,
 * so files run in parallel.
 */
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // The whole suite shares two cores with Chromium: give asynchronous effects time to land.
    expect: { poll: { timeout: 5_000, interval: 25 } },
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{shared,ingest,gateway,web,load-tests}/src/**/*.test.{ts,tsx}',
            'ingest/simulator/src/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['{ingest,gateway}/test/**/*.test.ts'] },
      },
      {
        // Type tests (*.test-d.ts): what must compile and what must not (a wrong ack shape), checked by tsc.
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['{shared,ingest,ingest/simulator,gateway,web,load-tests}/src/**/*.test-d.ts'],
            tsconfig: './tsconfig.type-tests.json',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.test.ts'],
          // One Chromium at a time: the machine has two cores. On worker threads, so browser files run beside
          // the forked unit and integration files instead of after them (vitest runs each pool at once).
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
          testTimeout: 60_000,
        },
      },
    ],
  },
});
