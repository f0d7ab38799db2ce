/**
 * The 2022 FIFA World Cup, Qatar, 20 November to 18 December 2022: the facts the World Cup page states
 * when the game API holds no data of it (FIFA's official records). Nothing here is simulated.
 */
export const WORLD_CUP_2022 = {
  /** API-Football's id of the World Cup (the simulator's openfootball replay uses it too) and the edition. */
  competitionId: '1',
  season: 2022,
  start: '2022-11-20',
  end: '2022-12-18',
  teams: 32,
  matches: 64,
  goals: 172,
  final: {
    /** 18:00 in Lusail (UTC+3). */
    kickoff: '2022-12-18T15:00:00Z',
    venue: 'Lusail Stadium',
    city: 'Lusail',
    home: 'AR',
    away: 'FR',
    score: { home: 3, away: 3 },
    halftime: { home: 2, away: 0 },
    fulltime: { home: 2, away: 2 },
    penalties: { home: 4, away: 2 },
    goals: [
      { side: 'home', minute: '23', player: 'Lionel Messi', penalty: true },
      { side: 'home', minute: '36', player: 'Ángel Di María', penalty: false },
      { side: 'away', minute: '80', player: 'Kylian Mbappé', penalty: true },
      { side: 'away', minute: '81', player: 'Kylian Mbappé', penalty: false },
      { side: 'home', minute: '108', player: 'Lionel Messi', penalty: false },
      { side: 'away', minute: '118', player: 'Kylian Mbappé', penalty: true },
    ],
  },
  /** Final standing of the last four. */
  podium: { champion: 'AR', runnerUp: 'FR', third: 'HR', fourth: 'MA' },
  thirdPlace: { home: 'HR', away: 'MA', score: { home: 2, away: 1 } },
  awards: {
    goldenBall: 'Lionel Messi',
    goldenBoot: { player: 'Kylian Mbappé', goals: 8 },
    goldenGlove: 'Emiliano Martínez',
    youngPlayer: 'Enzo Fernández',
  },
} as const;

export type WorldCupNation = 'AR' | 'FR' | 'HR' | 'MA';
