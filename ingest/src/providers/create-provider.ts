import type { Logger } from 'pino';
import type { IngestEnv } from '../config/env.ts';
import { API_FOOTBALL_POPULARITY } from './api-football/competition-popularity.ts';
import { ApiFootballProvider } from './api-football/api-football-provider.ts';
import { ApiBasketballProvider } from './api-basketball/api-basketball-provider.ts';
import { FootballDataProvider } from './football-data/football-data-provider.ts';
import { MultiSportProvider } from './multi-sport-provider.ts';
import type { GameProvider } from './provider.ts';
import { SIMULATOR_POPULARITY } from './simulator/simulator-popularity.ts';

/** Where the simulated game API answers unless GAME_API_BASE_URL says otherwise (its own SIM_PORT default). */
export const DEFAULT_SIMULATOR_URL = 'http://127.0.0.1:4010';

/**
 * The provider chosen by configuration. The simulator speaks API-Football, so it shares that adapter, and
 * API-Basketball under `/basketball`, so it plays basketball too; a real API-Football account gets
 * basketball when BASKETBALL_API_BASE_URL says where (the same API-Sports key serves both). `today` is the
 * provider's clock (the simulator's day runs faster than ours: see simulator-clock.ts).
 */
export function createProvider(env: IngestEnv, logger: Logger, today?: () => number): GameProvider {
  const timeoutMs = env.GAME_API_TIMEOUT_MS;
  switch (env.PROVIDER) {
    case 'simulator':
      return simulatorProvider({
        baseUrl: env.GAME_API_BASE_URL ?? DEFAULT_SIMULATOR_URL,
        timeoutMs,
        logger,
        ...(env.GAME_API_KEY ? { apiKey: env.GAME_API_KEY } : {}),
        ...(today ? { today } : {}),
      });
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
 * ours, so its clock (`today`) says which dates the basketball board asks for; its competitions' prominence
 * comes from the simulated world (a replay's real league ids from API-Football's table).
 */
export function simulatorProvider(options: {
  /** The simulator's address, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  apiKey?: string;
  /** The simulator's clock; ours when not given. */
  today?: () => number;
}): GameProvider {
  const key = options.apiKey ? { apiKey: options.apiKey } : {};
  const football = new ApiFootballProvider({
    baseUrl: options.baseUrl,
    ...key,
    timeoutMs: options.timeoutMs,
    popularity: new Map([...API_FOOTBALL_POPULARITY, ...SIMULATOR_POPULARITY.football]),
  });
  const basketball = new ApiBasketballProvider({
    baseUrl: `${options.baseUrl}/basketball`,
    ...key,
    timeoutMs: options.timeoutMs,
    ...(options.today ? { today: options.today } : {}),
    popularity: SIMULATOR_POPULARITY.basketball,
  });
  return new MultiSportProvider(football, [basketball], options.logger.child({ module: 'multi-sport' }));
}
