import { BASKETBALL_LEAGUES } from './basketball/basketball-world.ts';

/**
 * How prominent each simulated competition is, by the id the simulated API gives it, as
 * `Competition.popularity` reads (lower first). The APIs carry no such field, so ingest is told: for the
 * real API-Football a table of well-known leagues does it, for the simulator this one.
 */
export const SIMULATOR_POPULARITY = {
  football: new Map<string, number>([
    ['905', 5], // Continental Champions Cup
    ['901', 10], // Premier Division
    ['902', 12], // Primera Liga
    ['903', 14], // Meisterliga
    ['904', 16], // Serie Alta
  ]),
  basketball: new Map<string, number>(BASKETBALL_LEAGUES.map((l) => [String(l.id), l.popularity])),
} as const;
