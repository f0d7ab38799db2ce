/**
 * Where the simulator's images and articles live. API-Football links logos on media.api-sports.io; the
 * simulator serves its own from the same server, so a site backed by it shows images with no network.
 * Logos are PNG, as there: a browser decodes a PNG off its main thread, and a page shows ~100 crests. Flags
 * are SVG there too; photos, grounds and the feed's cards stay SVG, a few to a page.
 */
export interface MediaUrls {
  readonly base: string;
  teamLogo(teamId: number): string;
  leagueLogo(leagueId: number): string;
  /** Null for "World", which has no flag, as in API-Football. */
  flag(code: string | null): string | null;
  playerPhoto(playerId: number): string;
  coachPhoto(coachId: number): string;
  venueImage(venueId: number): string;
  article(fixtureId: number, kind: ArticleKind): string;
  articleImage(fixtureId: number, kind: ArticleKind): string;
  feed(): string;
}

export type ArticleKind = 'preview' | 'report';

export function mediaUrls(base: string): MediaUrls {
  const root = base.replace(/\/+$/, '');
  return {
    base: root,
    teamLogo: (id) => `${root}/logos/teams/${id}.png`,
    leagueLogo: (id) => `${root}/logos/leagues/${id}.png`,
    flag: (code) => (code === null ? null : `${root}/flags/${code.toLowerCase()}.svg`),
    playerPhoto: (id) => `${root}/photos/players/${id}.svg`,
    coachPhoto: (id) => `${root}/photos/coachs/${id}.svg`,
    venueImage: (id) => `${root}/venues/${id}.svg`,
    article: (id, kind) => `${root}/news/matches/${id}/${kind}`,
    articleImage: (id, kind) => `${root}/rss/images/${id}-${kind}.svg`,
    feed: () => `${root}/rss/matches.xml`,
  };
}
