/** The match page's tabs, in the order they are shown; the first is the default and has no ?tab. */
export const MATCH_TABS = ['timeline', 'stream', 'lineups', 'stats', 'h2h', 'table'] as const;
export type MatchTab = (typeof MATCH_TABS)[number];
export const DEFAULT_TAB: MatchTab = 'timeline';
export const TAB_PARAM = 'tab';

/** The tab a ?tab value names; anything else (missing, misspelt, from an old link) is the default tab. */
export const parseTab = (value: string | null | undefined): MatchTab =>
  MATCH_TABS.find((tab) => tab === value) ?? DEFAULT_TAB;

/** The query string of a tab's address: none for the default tab, so the page's plain URL is its first tab. */
export const tabSearch = (tab: MatchTab): string => (tab === DEFAULT_TAB ? '' : `?${TAB_PARAM}=${tab}`);
