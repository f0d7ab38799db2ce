import type { Country } from '../teams.ts';

/**
 * The simulator's made-up basketball world: a North American league of twelve franchises playing twelve
 * minute quarters, and a European league of ten clubs playing ten minute quarters (FIBA rules). Names and
 * colours are invented; none is shared with a football club, so team slugs stay apart across sports.
 * Ids follow API-Basketball's habits (integers; ingest namespaces them per sport).
 */

export interface BasketballTeamDef {
  id: number;
  name: string;
  code: string;
  country: Country;
  arena: string;
  colors: { primary: string; secondary: string };
}

export interface BasketballLeagueDef {
  id: number;
  name: string;
  country: Country;
  /** Game minutes per quarter: 12 in the North American game, 10 under FIBA rules. */
  quarterMinutes: 10 | 12;
  /**
   * Tip-offs of a day's games, in minutes from the time of day the simulator started: the first day has
   * games finished, in play (one at half time) and about to start; every later day repeats the pattern.
   */
  tipoffs: readonly number[];
  teams: readonly BasketballTeamDef[];
}

const USA: Country = { name: 'USA', code: 'us' };
const EUROPE: Country = { name: 'Europe', code: null };

type TeamRow = [id: number, name: string, code: string, arena: string, primary: string, secondary: string];

const teams = (country: Country, rows: readonly TeamRow[]): BasketballTeamDef[] =>
  rows.map(([id, name, code, arena, primary, secondary]) => ({
    id,
    name,
    code,
    country,
    arena,
    colors: { primary, secondary },
  }));

const CONTINENTAL_HOOPS = teams(USA, [
  [5001, 'Bayport Breakers', 'BAY', 'Harborline Arena', '0b3d91', 'f7b500'],
  [5002, 'Cedar Falls Comets', 'CED', 'Comet Center', '6a1b9a', 'ffffff'],
  [5003, 'Desert Springs Vipers', 'DSV', 'Sunbowl Arena', 'e65100', '1b1b1b'],
  [5004, 'Granite Peak Rams', 'GPR', 'Summit Fieldhouse', '455a64', 'ffca28'],
  [5005, 'Harbor City Mariners', 'HCM', 'Pier 9 Arena', '00695c', 'ffffff'],
  [5006, 'Ironvale Forge', 'IRF', 'Foundry Dome', 'b71c1c', '212121'],
  [5007, 'Lakeshore Lynx', 'LAK', 'Waterfront Center', '1565c0', 'c0c0c0'],
  [5008, 'Maple Heights Monarchs', 'MHM', 'Crown Pavilion', '4a148c', 'ffd54f'],
  [5009, 'Northgate Nighthawks', 'NGN', 'Skyline Arena', '263238', '80deea'],
  [5010, 'Prairie Wind', 'PRW', 'Plainsview Coliseum', 'f9a825', '1a237e'],
  [5011, 'Redstone Rockets', 'RRK', 'Launchpad Arena', 'c62828', 'eeeeee'],
  [5012, 'Silver Bay Surge', 'SBS', 'Tidewater Garden', '37474f', '4fc3f7'],
]);

const EURO_HOOPS = teams(EUROPE, [
  [5101, 'Olympia Kastoria', 'OLK', 'Kastoria Palais', 'd32f2f', 'ffffff'],
  [5102, 'Partizan Vukovo', 'PVU', 'Vukovo Hall', '111111', 'ffffff'],
  [5103, 'Real Almadra Baloncesto', 'RAB', 'Pabellon Almadra', 'fafafa', '5e35b1'],
  [5104, 'Zalgiris Marvila', 'ZMA', 'Marvila Arena', '2e7d32', 'ffffff'],
  [5105, 'Fenerli Ada', 'FAD', 'Ada Spor Salonu', '0d47a1', 'ffeb3b'],
  [5106, 'Virtus Castellina', 'VCA', 'PalaCastellina', '212121', 'e0e0e0'],
  [5107, 'Maccabi Yarden', 'MYA', 'Yarden Hall', 'ffd600', '0d47a1'],
  [5108, 'ASVEL Rhodanie', 'ASR', 'Salle Rhodanie', '283593', 'ffffff'],
  [5109, 'Baskonia Arrate', 'BAR', 'Arrate Arena', '1a237e', 'c62828'],
  [5110, 'Crvena Dunavka', 'CDU', 'Dunavka Dvorana', 'c62828', 'ffffff'],
]);

export const BASKETBALL_LEAGUES: readonly BasketballLeagueDef[] = [
  {
    id: 951,
    name: 'Continental Hoops Association',
    country: USA,
    quarterMinutes: 12,
    tipoffs: [-330, -160, -75, -25, 20, 95],
    teams: CONTINENTAL_HOOPS,
  },
  {
    id: 952,
    name: 'Euro Hoops League',
    country: EUROPE,
    quarterMinutes: 10,
    tipoffs: [-280, -110, -45, 8, 60],
    teams: EURO_HOOPS,
  },
];
