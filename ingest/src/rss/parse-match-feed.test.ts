import { NewsItemSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../providers/errors.ts';
import { hasSharedData, readSharedText, warnIfNoSharedData } from '../providers/testing/shared-data.ts';
import { readFixtureText } from '../../test/support/fixtures.ts';
import { parseMatchFeed } from './parse-match-feed.ts';

const BBC = 'rss/bbc_sport_football_rss2_media-thumbnail.xml';
const ESPN = 'rss/espn_soccer_news_rss2_cdata_est-dates.xml';
const BBC_URL = 'https://feeds.bbci.co.uk/sport/football/rss.xml';
const ESPN_URL = 'https://www.espn.com/espn/rss/soccer/news';

const feed = (items: string) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title>${items}</channel></rss>`;

warnIfNoSharedData('match RSS feeds');

describe.skipIf(!hasSharedData)('parseMatchFeed on the BBC Sport football feed', () => {
  const items = () => parseMatchFeed(readSharedText(BBC), BBC_URL);

  it('collapses the stories listed under several guids: 75 items, 70 stories', () => {
    expect(readSharedText(BBC).match(/<item>/g)).toHaveLength(75);
    const list = items();
    expect(list).toHaveLength(70);
    expect(new Set(list.map((i) => i.id)).size).toBe(70);
    for (const item of list) expect(NewsItemSchema.parse(item)).toEqual(item);
    // Rangers' Raskin story was listed twice with different headlines: the first listing wins.
    const raskin = list.filter((i) => i.link.includes('cqjkrg54wwko'));
    expect(raskin.map((i) => i.title)).toEqual(['Raskin nears exit as Rangers close in on Kim deal']);
  });

  it('reads title, summary, link, media:thumbnail image and GMT date of the first story', () => {
    expect(items()[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      title: "Liverpool close in on £120m deal for PSG's Barcola",
      summary:
        "Liverpool are close to agreeing a deal with Paris St-Germain for Bradley Barcola - adding to the doubt surrounding Cody Gakpo's Anfield future.",
      link: 'https://www.bbc.co.uk/sport/football/articles/c33kvgd3xpyo?at_medium=RSS&at_campaign=rss',
      image:
        'https://ichef.bbci.co.uk/ace/standard/240/cpsprodpb/e132/live/2a1deab0-a1f1-11f1-bf30-b9c45f18ad85.jpg',
      publishedAt: '2026-08-27T08:10:13Z',
      source: 'bbc.co.uk',
      kind: 'news',
      sport: 'football',
      matchId: null,
    });
  });

  it('gives the same id for the same story on every poll', () => {
    expect(items().map((i) => i.id)).toEqual(items().map((i) => i.id));
  });

  it('tells a match report by its scoreline', () => {
    expect(items().find((i) => i.title.includes('Levski Sofia'))?.kind).toBe('report');
  });

  it('takes the items whose link names no sport (BBC Sounds, /sport/articles/) for the sport of the feed', () => {
    const list = items();
    expect(new Set(list.map((i) => i.sport))).toEqual(new Set(['football']));
    expect(list.filter((i) => i.link.includes('/sounds/play/')).map((i) => i.title)).toEqual([
      'Glory for Hearts - will Rangers, Motherwell or Hibs qualify too?',
      'More than the Score',
    ]);
    // Each opens on the article's own host, not the feed's (feeds.bbci.co.uk).
    expect(new Set(list.map((i) => i.source))).toEqual(new Set(['bbc.co.uk']));
  });
});

describe.skipIf(!hasSharedData)('parseMatchFeed on the ESPN soccer feed', () => {
  const items = () => parseMatchFeed(readSharedText(ESPN), ESPN_URL);

  it('reads all 25 single-line CDATA items, links included, without images', () => {
    const list = items();
    expect(list).toHaveLength(25);
    for (const item of list) NewsItemSchema.parse(item);
    expect(list[0]).toMatchObject({
      title: 'Transfer rumors, news: Arsenal, Man City to fight for Everton winger',
      link: 'https://www.espn.com/soccer/story/_/id/49739360/transfer-rumors-news-arsenal-man-city-fight-everton-winger-ndiaye',
      image: null,
    });
    expect(list.find((i) => i.title.startsWith('⚽'))?.title).toBe(
      "⚽Why the UCL's iconic ball could be replaced",
    );
  });

  it('reads "EST" dates as UTC-5', () => {
    // <pubDate>Thu, 27 Aug 2026 04:38:40 EST</pubDate>
    expect(items()[0]!.publishedAt).toBe('2026-08-27T09:38:40Z');
    expect(items().at(-1)!.publishedAt).toBe('2026-08-20T12:44:48Z');
  });

  it('reads every story as football opening on espn.com: the links say /soccer/', () => {
    const list = items();
    expect(list.every((i) => i.sport === 'football' && i.source === 'espn.com')).toBe(true);
  });

  it('marks the weekend predictions as a preview', () => {
    expect(items().find((i) => i.title.startsWith('Weekend predictions'))?.kind).toBe('preview');
  });
});

/** What a fan reads on a card: headline, sport, the kind's badge, where the link opens. */
const cards = (xml: string, url: string) =>
  parseMatchFeed(xml, url).map((i) => [i.title, i.sport, i.kind, i.source]);

describe('parseMatchFeed on multi-sport feeds (built in the layout of the real ones)', () => {
  it('BBC all-sport feed: keeps football and basketball by the link path, drops the rest and the duplicate', () => {
    const xml = readFixtureText('rss/bbc-sport-all-sports_rss2_built.xml');
    expect(cards(xml, 'https://feeds.bbci.co.uk/sport/rss.xml')).toEqual([
      [
        'Kingsmoor County 2-1 Harbour Athletic (aet): Adeyemi wins it in extra time',
        'football',
        'report',
        'bbc.com',
      ],
      ["FA Cup first round: Saturday's scores and reaction", 'football', 'report', 'bbc.com'],
      ['Rob Tennant: "We have to be better" – Harbour boss on cup exit', 'football', 'news', 'bbc.com'],
      [
        'Kingsmoor Giants 98-91 Harbour Lions: Okafor’s 31 points seal BBL Cup semi-final spot',
        'basketball',
        'report',
        'bbc.com',
      ],
      ['Østergaard and Étienne in Harbour’s squad for the replay', 'football', 'news', 'bbc.com'],
    ]);
    const squad = parseMatchFeed(xml, 'https://feeds.bbci.co.uk/sport/rss.xml').at(-1);
    // Escaped twice inside CDATA (`&amp;Oslash;`): decoded all the way, capitals kept.
    expect(squad?.summary).toBe(
      'Harbour Athletic recall Nils Østergaard and Étienne Morel – "both are fit", says the club.',
    );
  });

  it('Guardian sport feed: sport and kind from its categories, entities escaped twice decoded', () => {
    const xml = readFixtureText('rss/guardian-sport_rss2_categories-entities_built.xml');
    const url = 'https://www.theguardian.com/uk/sport/rss';
    expect(cards(xml, url)).toEqual([
      [
        'Kingsmoor County 2-1 Harbour Athletic: FA Cup first round – as it happened',
        'football',
        'report',
        'theguardian.com',
      ],
      // No scoreline in the headline: only the feed's `tone/matchreports` says it is the match report.
      [
        'Kingsmoor County edge Harbour Athletic after extra time to reach second round',
        'football',
        'report',
        'theguardian.com',
      ],
      ['Oakridge Rovers v Wellbrook Town: FA Cup replay preview', 'football', 'preview', 'theguardian.com'],
      ['Harbour Athletic sack manager after cup exit', 'football', 'news', 'theguardian.com'],
      [
        'Harbour Lions v Kingsmoor Giants: BBL Cup quarter-final preview',
        'basketball',
        'preview',
        'theguardian.com',
      ],
    ]);
    const items = parseMatchFeed(xml, url);
    expect(items[1]?.summary).toBe(
      'Kingsmoor 2-1 Harbour Athletic (aet) Whitcombe penalty after VAR check, Adeyemi winner in 113th minute It took 113 minutes, a VAR review and a substitute’s first touch, but Kingsmoor County are through.',
    );
    expect(items[4]?.summary).toBe(
      'Chidi Okafor’s Giants arrive unbeaten – José Ibáñez is back for the Lions',
    );
    expect(items[1]?.image).toContain('width=460');
  });

  it('Atom feed: entries by category term, alternate links, xhtml content, one id under two links kept once', () => {
    const xml = readFixtureText('rss/sport-atom_categories_built.xml');
    const url = 'https://sport.example.org/feeds/all.atom';
    expect(cards(xml, url)).toEqual([
      [
        'Kingsmoor County 2–1 Harbour Athletic (aet): match report',
        'football',
        'report',
        'sport.example.org',
      ],
      ['Oakridge Rovers v Wellbrook Town: replay preview', 'football', 'preview', 'sport.example.org'],
      ['Harbour Athletic part company with manager', 'football', 'news', 'sport.example.org'],
      [
        'Kingsmoor Giants 98–91 Harbour Lions: Østergaard’s late three',
        'basketball',
        'report',
        'sport.example.org',
      ],
    ]);
    const [report, preview, news] = parseMatchFeed(xml, url);
    expect(report).toMatchObject({
      summary: 'Adeyemi’s late winner — Café owner’s son scores on debut',
      link: 'https://sport.example.org/football/2026/11/07/kingsmoor-harbour-report',
      // `published`, not the later `updated` (18:45+01:00).
      publishedAt: '2026-11-07T18:20:00Z',
    });
    expect(preview?.publishedAt).toBe('2026-11-07T12:00:00Z');
    expect(news).toMatchObject({
      summary: 'The club confirmed the decision after the cup exit.',
      link: 'https://sport.example.org/football/2026/11/07/harbour-manager',
    });
  });
});

describe('parseMatchFeed on hand-written feeds', () => {
  it('strips HTML from escaped and CDATA descriptions and decodes entities', () => {
    const [escaped, cdata] = parseMatchFeed(
      feed(`
        <item><title>Arsenal 2-1 Chelsea: &lt;b&gt;report&lt;/b&gt;</title><link>https://example.com/a</link>
          <description>&lt;p&gt;Saka &amp;amp; Odegaard&amp;nbsp;scored &lt;a href="x"&gt;twice&lt;/a&gt;&lt;/p&gt;&lt;img src="y"&gt;</description>
          <pubDate>Sat, 01 Mar 2025 17:30:00 +0000</pubDate></item>
        <item><title><![CDATA[Liverpool v Man City]]></title><link>https://example.com/b</link>
          <description><![CDATA[<p>Team news &#8211; Salah <em>fit</em></p><script>track()</script>]]></description>
          <pubDate>Sat, 01 Mar 2025 12:00:00 GMT</pubDate></item>`),
      'test',
    );
    expect(escaped).toMatchObject({
      title: 'Arsenal 2-1 Chelsea: report',
      summary: 'Saka & Odegaard scored twice',
      kind: 'report',
    });
    expect(cdata).toMatchObject({
      title: 'Liverpool v Man City',
      summary: 'Team news – Salah fit',
      kind: 'preview',
    });
  });

  it('decodes every named entity with its case, numeric references, and nothing without a semicolon', () => {
    const [item] = parseMatchFeed(
      feed(`
        <item><title><![CDATA[&Oslash;degaard, &Eacute;der &amp; M&uuml;ller &#8211; &#x2014; &hearts;]]></title>
          <link>https://example.com/a</link>
          <description>Q&amp;notes AT&amp;T&amp;copy &amp;Aring;se</description>
          <pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>`),
      'test',
    );
    expect(item?.title).toBe('Ødegaard, Éder & Müller – — ♥');
    expect(item?.summary).toBe('Q&notes AT&T&copy Åse');
  });

  it('keeps one story per guid as well as per link', () => {
    const items = parseMatchFeed(
      feed(`
        <item><title>First</title><link>https://example.com/story-old-slug</link><guid isPermaLink="false">S-1</guid>
          <pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>
        <item><title>Renamed</title><link>https://example.com/story-new-slug</link><guid isPermaLink="false">S-1</guid>
          <pubDate>Sat, 01 Mar 2025 17:35:00 GMT</pubDate></item>
        <item><title>Other</title><link>https://example.com/other</link><guid isPermaLink="false">S-2</guid>
          <pubDate>Sat, 01 Mar 2025 17:40:00 GMT</pubDate></item>`),
      'test',
    );
    expect(items.map((i) => i.title)).toEqual(['First', 'Other']);
  });

  it('takes a feed that names no sport anywhere for a football feed, and one that does item by item', () => {
    const plain = `<item><title>A</title><link>https://example.com/a</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>`;
    expect(parseMatchFeed(feed(plain), 'test').map((i) => i.sport)).toEqual(['football']);
    const mixed = `${plain}
      <item><title>B</title><link>https://example.com/nba/b</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>
      <item><title>C</title><link>https://example.com/c</link><category>Golf</category><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>`;
    // "A" names nothing in a feed whose other items name their sport: it is not taken on trust.
    expect(parseMatchFeed(feed(mixed), 'test').map((i) => [i.title, i.sport])).toEqual([['B', 'basketball']]);
    // The feed's own address says football: "A" is football, "C" still says golf.
    expect(
      parseMatchFeed(feed(mixed), 'https://feeds.example.com/football/rss.xml').map((i) => [
        i.title,
        i.sport,
      ]),
    ).toEqual([
      ['A', 'football'],
      ['B', 'basketball'],
    ]);
  });

  it('takes the widest media:content image, else an image enclosure', () => {
    const [withContent, withEnclosure] = parseMatchFeed(
      feed(`
        <item><title>A</title><link>https://example.com/a</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate>
          <media:content url="https://img.example.com/140.jpg" width="140"/>
          <media:content url="https://img.example.com/700.jpg" width="700"/>
          <media:content url="https://img.example.com/clip.mp4" type="video/mp4" width="1920"/></item>
        <item><title>B</title><link>https://example.com/b</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate>
          <enclosure url="https://img.example.com/b.jpg" type="image/jpeg" length="1"/></item>`),
      'test',
    );
    expect(withContent!.image).toBe('https://img.example.com/700.jpg');
    expect(withEnclosure!.image).toBe('https://img.example.com/b.jpg');
  });

  it('drops the items it cannot trust and keeps the rest', () => {
    const items = parseMatchFeed(
      feed(`
        <item><title>No link</title><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>
        <item><title>Bad date</title><link>https://example.com/a</link><pubDate>yesterday</pubDate></item>
        <item><title>No zone</title><link>https://example.com/b</link><pubDate>Sat, 01 Mar 2025 17:30:00</pubDate></item>
        <item><link>https://example.com/c</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>
        <item><title>Not the web</title><link>javascript:alert(1)</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>
        <item><title>Good</title><guid>https://example.com/d</guid><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>`),
      'test',
    );
    expect(items.map((i) => [i.title, i.link])).toEqual([['Good', 'https://example.com/d']]);
  });

  it('collapses the same story behind http/https, www, tracking query, fragment and trailing slash', () => {
    const links = [
      'https://www.example.com/story/1?utm=rss',
      'http://example.com/story/1/',
      'https://example.com/story/1#comments',
    ];
    const items = parseMatchFeed(
      feed(
        links
          .map(
            (l) =>
              `<item><title>S</title><link>${l.replace(/&/g, '&amp;')}</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>`,
          )
          .join(''),
      ),
      'test',
    );
    expect(items).toHaveLength(1);
  });

  it('keeps apart the stories told apart only by their query', () => {
    const items = parseMatchFeed(
      feed(
        ['https://example.com/article.php?id=1&amp;utm_source=rss', 'https://example.com/article.php?id=2']
          .map(
            (l, i) =>
              `<item><title>S${i}</title><link>${l}</link><pubDate>Sat, 01 Mar 2025 17:30:00 GMT</pubDate></item>`,
          )
          .join(''),
      ),
      'test',
    );
    expect(items.map((i) => i.title)).toEqual(['S0', 'S1']);
  });

  it('rejects a document that is neither RSS nor Atom', () => {
    for (const notRss of [
      '<html><body>Gateway timeout</body></html>',
      'plain text',
      '',
      '<rss version="2.0"></rss>',
      '<feed><title>Not Atom</title></feed>',
    ]) {
      expect(() => parseMatchFeed(notRss, 'test')).toThrow(UpstreamError);
      try {
        parseMatchFeed(notRss, 'test');
      } catch (error) {
        expect((error as UpstreamError).code).toBe('ingest:upstream-schema');
      }
    }
  });

  it('returns nothing for a channel or an Atom feed without items', () => {
    expect(parseMatchFeed(feed(''), 'test')).toEqual([]);
    expect(
      parseMatchFeed('<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title></feed>', 'test'),
    ).toEqual([]);
  });
});
