import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

/**
 * Test support: the real sample data lives outside the repo (../shared/data, see its README) and is never
 * copied in. Tests that need it skip, with the reason in their name, when it is absent.
 */
export const SHARED_DATA_DIR = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
export const HAS_SHARED_DATA = existsSync(SHARED_DATA_DIR);
export const SKIP_REASON = `skipped: real samples not found at ${SHARED_DATA_DIR}`;

if (!HAS_SHARED_DATA)
  console.warn(`simulator tests: ${SKIP_REASON}; tests comparing with real API samples are skipped`);

export function readSample(relativePath: string): unknown {
  return JSON.parse(readFileSync(`${SHARED_DATA_DIR}${relativePath}`, 'utf8'));
}

/** Every key path of a JSON value ("fixture.status.short", "events[].time.elapsed"), arrays merged. */
export function keyPaths(value: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    for (const item of value) for (const p of keyPaths(item, `${prefix}[]`)) paths.add(p);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      paths.add(path);
      for (const p of keyPaths(child, path)) paths.add(p);
    }
  }
  return paths;
}

/** The goals a feed's events add up to, the way a consumer must count them. */
export function goalsFromEvents(
  events: readonly { type: string; detail: string; comments: string | null; team: { id: number } }[],
  homeId: number,
  awayId: number,
): { home: number; away: number } {
  const score = { home: 0, away: 0 };
  for (const e of events) {
    if (e.type !== 'Goal' || e.detail === 'Missed Penalty' || e.comments === 'Penalty Shootout') continue;
    // An own goal is filed under the scorer's team and counts for the other one.
    const forTeam = e.detail === 'Own Goal' ? (e.team.id === homeId ? awayId : homeId) : e.team.id;
    if (forTeam === homeId) score.home++;
    else score.away++;
  }
  return score;
}

export interface DecodedPng {
  width: number;
  height: number;
  /** [r, g, b, a] of the pixel at (x, y). */
  pixel(x: number, y: number): number[];
}

/** A PNG the simulator drew, decoded (pngjs: it checks the signature and every chunk's CRC). */
export function decodePng(png: Buffer): DecodedPng {
  const { width, height, data } = PNG.sync.read(png);
  return {
    width,
    height,
    pixel: (x, y) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)],
  };
}
