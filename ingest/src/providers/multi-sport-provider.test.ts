import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { buildMatch } from '@pitchside/shared/testing';
import { UpstreamError } from './errors.ts';
import { MultiSportProvider, type SportProvider } from './multi-sport-provider.ts';
import type { GameProvider } from './provider.ts';

const logger = pino({ level: 'silent' });
const update = (id: string) => ({ match: buildMatch({ id }) });

function fake(name: GameProvider['name'], ids: string[], fail?: Error): SportProvider {
  const answer = <T>(value: T) => (fail ? Promise.reject(fail) : Promise.resolve(value));
  return {
    name,
    owns: (id) => id.startsWith('bb-') && name === 'api-basketball',
    liveMatches: () => answer(ids.map(update)),
    matchesOnDate: () => answer(ids.map(update)),
    matchDetail: (id) => answer(update(`${id}:${name}`)),
    standings: () => answer(null),
    teams: () => answer([]),
    squad: (teamId) => answer({ teamId, players: [], updatedAt: '2026-01-01T00:00:00Z' }),
    headToHead: () => answer([]),
    recentMatches: () => answer([]),
    competitions: () => answer([]),
  };
}

describe('MultiSportProvider', () => {
  it('lists every sport, and sends a call about one id to the provider owning it', async () => {
    const p = new MultiSportProvider(fake('api-football', ['1']), [fake('api-basketball', ['bb-2'])], logger);
    expect((await p.liveMatches()).map((u) => u.match.id)).toEqual(['1', 'bb-2']);
    expect((await p.matchDetail('bb-2'))?.match.id).toBe('bb-2:api-basketball');
    expect((await p.matchDetail('7'))?.match.id).toBe('7:api-football');
    expect(p.name).toBe('api-football');
  });

  it("skips another sport that fails, but never football's own failure", async () => {
    const down = new UpstreamError('ingest:upstream-rate-limited', 'slow down', { retryAfterMs: 30_000 });
    const basketballDown = new MultiSportProvider(
      fake('api-football', ['1']),
      [fake('api-basketball', ['bb-2'], down)],
      logger,
    );
    expect((await basketballDown.liveMatches()).map((u) => u.match.id)).toEqual(['1']);
    expect(await basketballDown.matchDetail('bb-2')).toBeNull();
    expect(await basketballDown.squad('bb-5')).toBeNull();

    const footballDown = new MultiSportProvider(
      fake('api-football', ['1'], down),
      [fake('api-basketball', ['bb-2'])],
      logger,
    );
    await expect(footballDown.liveMatches()).rejects.toBe(down);
    await expect(footballDown.matchDetail('1')).rejects.toBe(down);
  });
});
