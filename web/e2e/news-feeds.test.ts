import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { NewsItem } from '@pitchside/shared/domain';
import { readFixtureText } from '@pitchside/ingest/testing/fixtures';
import { startRecordedServer, type RecordedServer } from '@pitchside/ingest/testing/recorded-server';
import { hasSharedData, readSharedText, warnIfNoSharedData } from '@pitchside/ingest/testing/shared-data';
import { startStack, type Stack } from '@pitchside/test-support/stack';
import { launchBrowser } from './support/browser.ts';
import { E2E_SEED } from './support/live-site.ts';

/**
 * The news section against real feeds: each feed is served by a local HTTP peer at the address its
 * publisher uses, read by the real ingest RSS job (BullMQ, on its schedule) into Redis, and checked where a
 * fan meets it: `GET /api/news` and the home page as the server renders it, read by a browser that runs no
 * script. Only stories of a sport the site covers, with the kind the feed gave them, opening on the
 * article's own host, entities decoded, each story once.
 */

/** How many stories the home page shows (web/src/app/pages/home.tsx). */
const HOME_NEWS = 6;

/** What a fan reads on a card: headline, kind, sport, and the host the link opens on. */
type Card = [title: string, kind: NewsItem['kind'], sport: string, host: string];

interface FeedCase {
  name: string;
  path: string;
  contentType: string;
  body: () => string;
  /** Every story ingest keeps, newest first; or, for the long real feeds, checks of their own. */
  cards?: Card[];
  /** Headline words of the stories of other sports (and of no sport) in the feed: never shown. */
  never: string[];
}

const BUILT: FeedCase[] = [
  {
    name: 'BBC Sport all-sport feed (sport in the link path, a story under two guids, entities in CDATA)',
    path: '/sport/rss.xml',
    contentType: 'application/rss+xml',
    body: () => readFixtureText('rss/bbc-sport-all-sports_rss2_built.xml'),
    cards: [
      ["FA Cup first round: Saturday's scores and reaction", 'report', 'football', 'bbc.com'],
      [
        'Kingsmoor County 2-1 Harbour Athletic (aet): Adeyemi wins it in extra time',
        'report',
        'football',
        'bbc.com',
      ],
      ['Rob Tennant: "We have to be better" – Harbour boss on cup exit', 'news', 'football', 'bbc.com'],
      [
        'Kingsmoor Giants 98-91 Harbour Lions: Okafor’s 31 points seal BBL Cup semi-final spot',
        'report',
        'basketball',
        'bbc.com',
      ],
      ['Østergaard and Étienne in Harbour’s squad for the replay', 'news', 'football', 'bbc.com'],
    ],
    never: ['Gabba', 'Wales 17-24', 'Calloway', 'Chiefs', 'Sportsday'],
  },
  {
    name: 'Guardian sport feed (sport and kind in <category domain>, entities escaped twice)',
    path: '/uk/sport/rss',
    contentType: 'application/rss+xml',
    body: () => readFixtureText('rss/guardian-sport_rss2_categories-entities_built.xml'),
    cards: [
      ['Harbour Athletic sack manager after cup exit', 'news', 'football', 'theguardian.com'],
      [
        'Kingsmoor County edge Harbour Athletic after extra time to reach second round',
        'report',
        'football',
        'theguardian.com',
      ],
      [
        'Kingsmoor County 2-1 Harbour Athletic: FA Cup first round – as it happened',
        'report',
        'football',
        'theguardian.com',
      ],
      ['Oakridge Rovers v Wellbrook Town: FA Cup replay preview', 'preview', 'football', 'theguardian.com'],
      [
        'Harbour Lions v Kingsmoor Giants: BBL Cup quarter-final preview',
        'preview',
        'basketball',
        'theguardian.com',
      ],
    ],
    never: ['Ashes', 'Wales 17-24', 'sportsperson', 'Chiefs'],
  },
  {
    name: 'Atom feed (category terms, one id under two links)',
    path: '/feeds/all.atom',
    contentType: 'application/atom+xml',
    body: () => readFixtureText('rss/sport-atom_categories_built.xml'),
    cards: [
      ['Harbour Athletic part company with manager', 'news', 'football', 'sport.example.org'],
      [
        'Kingsmoor County 2–1 Harbour Athletic (aet): match report',
        'report',
        'football',
        'sport.example.org',
      ],
      ['Oakridge Rovers v Wellbrook Town: replay preview', 'preview', 'football', 'sport.example.org'],
      [
        'Kingsmoor Giants 98–91 Harbour Lions: Østergaard’s late three',
        'report',
        'basketball',
        'sport.example.org',
      ],
    ],
    never: ['Gabba', 'Grand Final', '(updated)'],
  },
];

const REAL: FeedCase[] = [
  {
    name: 'BBC Sport football feed, recorded (75 items, 70 stories; BBC Sounds and iPlayer links)',
    path: '/sport/football/rss.xml',
    contentType: 'application/rss+xml',
    body: () => readSharedText('rss/bbc_sport_football_rss2_media-thumbnail.xml'),
    never: [],
  },
  {
    name: 'ESPN soccer feed, recorded (CDATA everywhere, "EST" dates)',
    path: '/espn/rss/soccer/news',
    contentType: 'application/rss+xml',
    body: () => readSharedText('rss/espn_soccer_news_rss2_cdata_est-dates.xml'),
    never: [],
  },
];

warnIfNoSharedData('news feeds end to end (the recorded BBC and ESPN feeds)');

let peer: RecordedServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const feeds = [...BUILT, ...(hasSharedData ? REAL : [])];
  [peer, browser] = await Promise.all([
    startRecordedServer(
      Object.fromEntries(
        feeds.map((feed) => [
          feed.path,
          { body: feed.body(), headers: { 'content-type': feed.contentType } },
        ]),
      ),
    ),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await peer?.close();
});

/** The stack of one describe block, reading one feed. */
function useFeedStack(feed: FeedCase): () => Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack({
      timeScale: 0,
      seed: E2E_SEED,
      rssUrl: `${peer!.url}${feed.path}`,
      newsPollMs: 500,
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error('the stack is not started');
    return stack;
  };
}

async function api<T>(stack: Stack, path: string): Promise<T> {
  const response = await fetch(`${stack.url}/api${path}`);
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Every story the site holds, once ingest's RSS job has read the feed. */
async function storedNews(stack: Stack): Promise<NewsItem[]> {
  const deadline = Date.now() + 30_000;
  while (!(await stack.redis.hget(stack.keys.ingestHeartbeat(), 'poll-news'))) {
    if (Date.now() > deadline) throw new Error('ingest did not read the news feed within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return api<NewsItem[]>(stack, '/news?limit=100');
}

interface ShownCard {
  title: string;
  kind: string | null;
  sport: string | null;
  opensOn: string;
  badge: string;
  sportLabel: string | null;
  href: string | null;
  time: string | null;
}

/** The home page's news cards as the server sent them, read by a browser that runs no script. */
async function homeNews(stack: Stack, userAgent: string): Promise<{ cards: ShownCard[]; text: string }> {
  // The user agent is part of the page cache's key: each feed's page is rendered for it, not reused.
  const context = await browser!.newContext({ javaScriptEnabled: false, userAgent });
  try {
    const page = await context.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const response = await page.goto(`${stack.url}/en`);
    expect(response?.status()).toBe(200);
    const section = page.locator('[data-testid="section-news"]');
    const cards = await section.locator('[data-testid="news-item"]').evaluateAll((items) =>
      items.map((item) => {
        const link = item.querySelector('h3 a');
        const hidden = link?.querySelector('[data-testid="news-opens-on"]');
        return {
          title: (link?.firstChild?.textContent ?? '').trim(),
          kind: item.getAttribute('data-kind'),
          sport: item.getAttribute('data-sport'),
          opensOn: (hidden?.textContent ?? '').trim(),
          badge: (item.querySelector('.news-card__kind')?.textContent ?? '').trim(),
          sportLabel:
            item.querySelector('.news-card__meta svg[role="img"]')?.getAttribute('aria-label') ?? null,
          href: link?.getAttribute('href') ?? null,
          time: item.querySelector('time')?.getAttribute('datetime') ?? null,
        };
      }),
    );
    return { cards, text: (await section.textContent()) ?? '' };
  } finally {
    await context.close();
  }
}

const KIND_BADGE = { report: 'Match report', preview: 'Preview', news: 'News' } as const;
const SPORT_LABEL: Record<string, string | null> = { football: null, basketball: 'Basketball' };

/** A link as the story is known by: no query (tracking), no fragment, no "www.". */
const storyAddress = (link: string): string => {
  const url = new URL(link);
  return `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`;
};

/** What every feed must give a fan, whatever its layout. */
async function expectFanView(stack: Stack, feed: FeedCase, stored: NewsItem[]): Promise<void> {
  // Each story once: by id, by address, by headline.
  expect(new Set(stored.map((i) => i.id)).size).toBe(stored.length);
  expect(new Set(stored.map((i) => storyAddress(i.link))).size).toBe(stored.length);
  for (const item of stored) {
    expect(['football', 'basketball']).toContain(item.sport);
    expect(item.source).toBe(new URL(item.link).hostname.replace(/^www\./, ''));
    // Not the peer that served the feed: the article's own site.
    expect(item.source).not.toBe('127.0.0.1');
    expect(`${item.title} ${item.summary}`).not.toMatch(/&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i);
    for (const word of feed.never) expect(item.title).not.toContain(word);
  }

  const { cards, text } = await homeNews(stack, `pitchside-news-test ${feed.path}`);
  expect(cards.length).toBe(Math.min(HOME_NEWS, stored.length));
  expect(text).not.toMatch(/&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i);
  cards.forEach((card, i) => {
    const item = stored[i]!;
    expect(card).toEqual({
      title: item.title,
      kind: item.kind,
      sport: item.sport,
      opensOn: `(opens the article on ${item.source})`,
      badge: KIND_BADGE[item.kind],
      sportLabel: SPORT_LABEL[item.sport],
      href: item.link,
      time: item.publishedAt,
    });
  });
  for (const word of feed.never) expect(text).not.toContain(word);
}

for (const feed of BUILT) {
  describe(feed.name, () => {
    const stack = useFeedStack(feed);

    it('shows only the stories of football and basketball, kinds and hosts right, each once', async () => {
      const stored = await storedNews(stack());
      expect(stored.map((i): Card => [i.title, i.kind, i.sport, i.source])).toEqual(feed.cards);
      await expectFanView(stack(), feed, stored);
    });

    it('filters the news by sport', async () => {
      await storedNews(stack());
      const basketball = await api<NewsItem[]>(stack(), '/news?sport=basketball');
      const football = await api<NewsItem[]>(stack(), '/news?sport=football');
      expect(basketball.map((i) => i.title)).toEqual(
        feed.cards!.filter(([, , sport]) => sport === 'basketball').map(([title]) => title),
      );
      expect(football.map((i) => i.title)).toEqual(
        feed.cards!.filter(([, , sport]) => sport === 'football').map(([title]) => title),
      );
    });
  });
}

describe.skipIf(!hasSharedData)(REAL[0]!.name, () => {
  const feed = REAL[0]!;
  const stack = useFeedStack(feed);

  it('shows its 70 football stories once each, opening on bbc.co.uk, reports told by their scoreline', async () => {
    const stored = await storedNews(stack());
    expect(stored).toHaveLength(70);
    expect(stored.every((i) => i.sport === 'football' && i.source === 'bbc.co.uk')).toBe(true);
    // Rangers' Raskin story is listed twice under two headlines: the first listing is the one shown.
    expect(stored.filter((i) => i.link.includes('cqjkrg54wwko')).map((i) => i.title)).toEqual([
      'Raskin nears exit as Rangers close in on Kim deal',
    ]);
    expect(stored.find((i) => i.title.includes('Levski Sofia'))?.kind).toBe('report');
    await expectFanView(stack(), feed, stored);
  });
});

describe.skipIf(!hasSharedData)(REAL[1]!.name, () => {
  const feed = REAL[1]!;
  const stack = useFeedStack(feed);

  it('shows its 25 stories newest first with "EST" read as UTC-5, opening on espn.com', async () => {
    const stored = await storedNews(stack());
    expect(stored).toHaveLength(25);
    expect(stored.every((i) => i.sport === 'football' && i.source === 'espn.com')).toBe(true);
    // The feed does not list its stories in order: the site does, newest first.
    const times = stored.map((i) => i.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    // <pubDate>Thu, 27 Aug 2026 04:38:40 EST</pubDate>
    expect(
      stored.find((i) => i.title === 'Transfer rumors, news: Arsenal, Man City to fight for Everton winger')
        ?.publishedAt,
    ).toBe('2026-08-27T09:38:40Z');
    expect(stored.find((i) => i.title.startsWith('Weekend predictions'))?.kind).toBe('preview');
    await expectFanView(stack(), feed, stored);
  });
});
