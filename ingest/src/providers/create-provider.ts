import type { Logger } from 'pino';
import type { IngestEnv } from '../config/env.ts';
import { SIMULATOR_POPULARITY, type Simulator } from '../simulator/index.ts';
import { API_FOOTBALL_POPULARITY } from './api-football/competition-popularity.ts';
import { ApiFootballProvider } from './api-football/api-football-provider.ts';
import { ApiBasketballProvider } from './api-basketball/api-basketball-provider.ts';
import { FootballDataProvider } from './football-data/football-data-provider.ts';
import { MultiSportProvider } from './multi-sport-provider.ts';
import type { GameProvider } from './provider.ts';

/**
 * The provider chosen by configuration. The simulator speaks API-Football, so it shares that adapter, and
 * API-Basketball under `/basketball`, so it plays basketball too; a real API-Football account gets
 * basketball when BASKETBALL_API_BASE_URL says where (the same API-Sports key serves both).
 */
export function createProvider(env: IngestEnv, logger: Logger, simulator?: Simulator): GameProvider {
  const timeoutMs = env.GAME_API_TIMEOUT_MS;
  switch (env.PROVIDER) {
    case 'simulator':
      if (!simulator?.url) throw new Error('the simulator provider needs the simulator running');
      return simulatorProvider(simulator, { timeoutMs, logger });
    case 'api-football': {
      const key = env.GAME_API_KEY ? { apiKey: env.GAME_API_KEY } : {};
      const football = new ApiFootballProvider({
        baseUrl: env.GAME_API_BASE_URL ?? 'https://v3.football.api-sports.io',
        ...key,
        timeoutMs,
      });
      if (!env.BASKETBALL_API_BASE_URL) return football;
      const basketball = new ApiBasketballProvider({
        baseUrl: env.BASKETBALL_API_BASE_URL,
        ...key,
        timeoutMs,
      });
      return new MultiSportProvider(football, [basketball], logger.child({ module: 'multi-sport' }));
    }
    case 'football-data':
      return new FootballDataProvider({
        baseUrl: env.GAME_API_BASE_URL ?? 'https://api.football-data.org',
        ...(env.GAME_API_KEY ? { apiKey: env.GAME_API_KEY } : {}),
        timeoutMs,
      });
  }
}

/**
 * Every sport the simulator plays, read the way a real deployment reads its APIs. Its day runs faster than
 * ours, so its clock says which dates the basketball board asks for; its competitions' prominence comes
 * from the simulated world (a replay's real league ids from API-Football's table).
 */
export function simulatorProvider(
  simulator: Simulator,
  options: { timeoutMs: number; logger: Logger; apiKey?: string },
): GameProvider {
  if (!simulator.url) throw new Error('simulatorProvider: the simulator is not listening');
  const key = options.apiKey ? { apiKey: options.apiKey } : {};
  const football = new ApiFootballProvider({
    baseUrl: simulator.url,
    ...key,
    timeoutMs: options.timeoutMs,
    popularity: new Map([...API_FOOTBALL_POPULARITY, ...SIMULATOR_POPULARITY.football]),
  });
  const basketball = new ApiBasketballProvider({
    baseUrl: `${simulator.url}/basketball`,
    ...key,
    timeoutMs: options.timeoutMs,
    today: () => simulator.clock.nowMs(),
    popularity: SIMULATOR_POPULARITY.basketball,
  });
  return new MultiSportProvider(football, [basketball], options.logger.child({ module: 'multi-sport' }));
}
