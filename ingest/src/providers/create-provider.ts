import type { IngestEnv } from '../config/env.ts';
import { ApiFootballProvider } from './api-football/api-football-provider.ts';
import { FootballDataProvider } from './football-data/football-data-provider.ts';
import type { GameProvider } from './provider.ts';

/** The provider chosen by configuration. The simulator speaks API-Football, so it shares that adapter. */
export function createProvider(env: IngestEnv, simulatorUrl?: string): GameProvider {
  const timeoutMs = env.GAME_API_TIMEOUT_MS;
  switch (env.PROVIDER) {
    case 'simulator':
      if (!simulatorUrl) throw new Error('the simulator provider needs the simulator running');
      return new ApiFootballProvider({ baseUrl: simulatorUrl, timeoutMs });
    case 'api-football':
      return new ApiFootballProvider({
        baseUrl: env.GAME_API_BASE_URL ?? 'https://v3.football.api-sports.io',
        ...(env.GAME_API_KEY ? { apiKey: env.GAME_API_KEY } : {}),
        timeoutMs,
      });
    case 'football-data':
      return new FootballDataProvider({
        baseUrl: env.GAME_API_BASE_URL ?? 'https://api.football-data.org',
        ...(env.GAME_API_KEY ? { apiKey: env.GAME_API_KEY } : {}),
        timeoutMs,
      });
  }
}
