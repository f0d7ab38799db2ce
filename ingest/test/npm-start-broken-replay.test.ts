import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmStart, type NpmStart } from '@pitchside/test-support/npm-start';

/**
 * `npm start` with a SIM_REPLAY file it cannot read, as a newcomer would run it: the whole platform in its
 * own processes (scripts/start.mjs), on free ports, with a DATA_DIR, a Redis database and a key prefix of
 * its own. The site must come up on the seeded simulator, and the output must name the broken field.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(ROOT, 'ingest/test/fixtures/openfootball/euro.json_2024_trimmed.json');

let start: NpmStart;
let replayDir = '';
let url = '';
let output: string[] = [];

beforeAll(async () => {
  replayDir = mkdtempSync(path.join(tmpdir(), 'pitchside-replay-'));
  // Euro 2024, one score broken the way a hand edit breaks it.
  const euro = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    rounds: { matches: { score: { ft: unknown } }[] }[];
  };
  euro.rounds[0]!.matches[1]!.score.ft = '1-3';
  const replay = path.join(replayDir, 'euro-2024-broken.json');
  writeFileSync(replay, JSON.stringify(euro));
  start = await startNpmStart({ SIM_REPLAY: replay });
  ({ url, output } = start);
}, 190_000);

afterAll(async () => {
  await start?.stop();
  if (replayDir) rmSync(replayDir, { recursive: true, force: true });
}, 30_000);

describe('npm start with a SIM_REPLAY file it cannot read', () => {
  it('says which field is wrong, in which file', () => {
    const refusal = output.find((line) => line.includes('SIM_REPLAY refused'));
    expect(refusal, output.join('\n')).toMatch(/^\[simulator\] error /);
    expect(refusal).toContain('euro-2024-broken.json');
    expect(refusal).toContain('rounds[0].matches[1].score.ft: expected two numbers, got "1-3"');
    expect(refusal).toContain('seeded match day');
  });

  it('keeps the site up on the seeded simulator', async () => {
    const page = await fetch(`${url}/en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="section-live"');
    const data = async <T>(path: string): Promise<T> =>
      ((await (await fetch(`${url}/api${path}`)).json()) as { data: T }).data;
    // The seeded day: matches in play from the first poll on, its leagues, no Euro 2024.
    await expect
      .poll(() => data<unknown[]>('/matches/live'), { timeout: 60_000, interval: 500 })
      .not.toHaveLength(0);
    const competitions = (await data<{ name: string }[]>('/competitions')).map((c) => c.name);
    expect(competitions.length).toBeGreaterThan(0);
    expect(competitions).not.toContain('Euro');
  });
});
