/**
 * How prominent each simulated competition is, by the id the simulated API gives it, as
 * `Competition.popularity` reads (lower first). The APIs carry no such field, so ingest is told: for the
 * real API-Football a table of well-known leagues does it (`../api-football/competition-popularity.ts`),
 * for the simulator this one. `ingest/test/simulator-upstream.test.ts` checks that it names every
 * competition the simulator lists.
 */
export const SIMULATOR_POPULARITY = {
  football: new Map<string, number>([
    ['905', 5], // Continental Champions Cup
    ['901', 10], // Premier Division
    ['902', 12], // Primera Liga
    ['903', 14], // Meisterliga
    ['904', 16], // Serie Alta
  ]),
  basketball: new Map<string, number>([
    ['951', 20], // Continental Hoops Association
    ['952', 25], // Euro Hoops League
  ]),
} as const;
