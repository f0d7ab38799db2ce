import { NewsItemSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../providers/errors.ts';
import { hasSharedData, readSharedText, warnIfNoSharedData } from '../providers/testing/shared-data.ts';
import { parseMatchFeed } from './parse-match-feed.ts';

const BBC = 'rss/bbc_sport_football_rss2_media-thumbnail.xml';
const ESPN = 'rss/espn_soccer_news_rss2_cdata_est-dates.xml';

const feed = (items: string) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title>${items}</channel></rss>`;

warnIfNoSharedData('match RSS feeds');

describe.skipIf(!hasSharedData)('parseMatchFeed on the BBC Sport football feed', () => {
  const items = () => parseMatchFeed(readSharedText(BBC), 'bbc');

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
      source: 'bbc',
      kind: 'news',
      matchId: null,
    });
  });

  it('gives the same id for the same story on every poll', () => {
    expect(items().map((i) => i.id)).toEqual(items().map((i) => i.id));
  });

  it('tells a match report by its scoreline', () => {
    expect(items().find((i) => i.title.includes('Levski Sofia'))?.kind).toBe('report');
  });
});

describe.skipIf(!hasSharedData)('parseMatchFeed on the ESPN soccer feed', () => {
  const items = () => parseMatchFeed(readSharedText(ESPN), 'espn');

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

  it('marks the weekend predictions as a preview', () => {
    expect(items().find((i) => i.title.startsWith('Weekend predictions'))?.kind).toBe('preview');
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

  it('rejects a document that is not RSS at all', () => {
    for (const notRss of [
      '<html><body>Gateway timeout</body></html>',
      'plain text',
      '',
      '<feed xmlns="http://www.w3.org/2005/Atom"></feed>',
    ]) {
      expect(() => parseMatchFeed(notRss, 'test')).toThrow(UpstreamError);
      try {
        parseMatchFeed(notRss, 'test');
      } catch (error) {
        expect((error as UpstreamError).code).toBe('ingest:upstream-schema');
      }
    }
  });

  it('returns nothing for a channel without items', () => {
    expect(parseMatchFeed(feed(''), 'test')).toEqual([]);
  });
});
