/**
 * How prominent API-Football's best-known competitions are, by league id, as `Competition.popularity`
 * reads (lower first; 100 for every other). The API has no such field: lists and the hot-matches ranking
 * need one, so the leagues most followed are named here, world and continental tournaments first.
 */
export const API_FOOTBALL_POPULARITY: ReadonlyMap<string, number> = new Map([
  ['1', 1], // World Cup
  ['2', 2], // UEFA Champions League
  ['4', 3], // Euro Championship
  ['39', 4], // Premier League
  ['140', 5], // La Liga
  ['135', 6], // Serie A
  ['78', 7], // Bundesliga
  ['61', 8], // Ligue 1
  ['3', 9], // UEFA Europa League
  ['9', 10], // Copa America
  ['13', 11], // CONMEBOL Libertadores
  ['5', 12], // UEFA Nations League
  ['848', 13], // UEFA Europa Conference League
  ['94', 20], // Primeira Liga
  ['88', 21], // Eredivisie
  ['203', 22], // Süper Lig
  ['71', 23], // Brasileirão Série A
  ['253', 24], // Major League Soccer
  ['307', 25], // Saudi Pro League
  ['45', 30], // FA Cup
  ['143', 31], // Copa del Rey
  ['137', 32], // Coppa Italia
  ['81', 33], // DFB Pokal
  ['66', 34], // Coupe de France
]);

export const DEFAULT_POPULARITY = 100;
