import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSimulatorConfig } from './env.ts';
import { DEFAULT_SEED } from '../simulator.ts';
import { HAS_SHARED_DATA, SHARED_DATA_DIR, SKIP_REASON } from '../test-helpers.ts';

describe('simulator configuration', () => {
  it('has defaults for everything', () => {
    const config = readSimulatorConfig({});
    expect(config).toMatchObject({ SIM_PORT: 4010, SIM_SEED: DEFAULT_SEED, SIM_TIME_SCALE: 60 });
    expect(config.SIM_REPLAY).toBeUndefined();
  });

  it('lists every bad variable in one error', () => {
    const attempt = () =>
      readSimulatorConfig({ SIM_PORT: 'http', SIM_SEED: '1.5', SIM_TIME_SCALE: '0', SIM_REPLAY: '' }, [
        '--fast',
      ]);
    expect(attempt).toThrow(/bad configuration/);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    for (const name of ['SIM_PORT', 'SIM_SEED', 'SIM_TIME_SCALE', '--fast']) expect(message).toContain(name);
  });

  it('keeps a replay file it cannot read as a refusal naming the file and the field, not a bad configuration', () => {
    const missing = readSimulatorConfig({ SIM_REPLAY: '/nowhere/cup.json' });
    expect(missing.SIM_REPLAY?.tournament).toBeUndefined();
    expect(missing.SIM_REPLAY?.error?.message).toMatch(/\/nowhere\/cup\.json.*cannot be read as JSON/);

    const dir = mkdtempSync(join(tmpdir(), 'sim-replay-'));
    try {
      const file = join(dir, 'cup.json');
      writeFileSync(
        file,
        JSON.stringify({ name: 'Cup 2020', matches: [{ date: '2020-07-01', team1: 'A' }] }),
      );
      const broken = readSimulatorConfig({}, ['--replay', file]);
      expect(broken.SIM_REPLAY?.path).toBe(file);
      expect(broken.SIM_REPLAY?.error?.problems).toEqual([
        'matches[0].team2: expected a team name or {"name": …}, got nothing',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!HAS_SHARED_DATA)(
    `reads a replay from --replay, over SIM_REPLAY ${HAS_SHARED_DATA ? '' : SKIP_REASON}`,
    () => {
      const path = `${SHARED_DATA_DIR}openfootball/worldcup_2022.json`;
      const config = readSimulatorConfig({ SIM_REPLAY: '/nowhere.json' }, ['--replay', path]);
      expect(config.SIM_REPLAY?.path).toBe(path);
      expect(config.SIM_REPLAY?.tournament?.matches).toHaveLength(64);
    },
  );
});
