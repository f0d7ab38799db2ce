import { DEFAULT_SPORT, NewsItemSchema, type NewsItem, type SportSlug } from '@pitchside/shared/domain';
import { decodeXML } from 'entities';
import { XMLParser } from 'fast-xml-parser';
import { UpstreamError } from '../providers/errors.ts';
import { parseFeedDate } from './feed-date.ts';
import { categoryWords, linkWords, type FeedCategory } from './feed-words.ts';
import { kindNamed, newsKind } from './news-kind.ts';
import { sportNamed, type SportSaid } from './news-sport.ts';
import { normaliseLink, storyId } from './normalise-link.ts';
import { stripHtml } from './strip-html.ts';

/** Elements that may repeat; the parser would otherwise give an object for one and an array for two. */
const REPEATABLE = new Set([
  'item',
  'entry',
  'category',
  'link',
  'media:content',
  'media:thumbnail',
  'enclosure',
  'media:group',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Everything stays a string: a title "2026" or a guid "123" must not turn into numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATABLE.has(name),
  // Atom text constructs are kept as written: an `xhtml` one is markup (its words in their order, which the
  // parser's object form would lose), `html` and `text` ones are read by their type below.
  stopNodes: ['feed.entry.title', 'feed.entry.summary', 'feed.entry.content'],
});

type XmlNode = Record<string, unknown>;

const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** One item or entry, read from either format, before it is judged. */
interface FeedEntry {
  title: string;
  summary: string;
  link: string;
  guid: string;
  date: string;
  categories: FeedCategory[];
  image: string | null;
}

/** A feed read in either format: its items, and what it says of itself (its links', address's, categories' words). */
interface ReadFeed {
  words: string[];
  entries: FeedEntry[];
}

/**
 * A match news feed (RSS 2.0 or Atom) as NewsItems, in the feed's order.
 *
 * Only stories of a sport the site covers are kept. An item's sport is what the feed itself says: its
 * categories (the Guardian's `<category domain=".../sport/cricket">`, Atom terms), else its link's path (the
 * BBC's `/sport/cricket/…`, ESPN's `/soccer/…`), else the feed's own link or address (the BBC football feed
 * is `/sport/football`). An item naming another sport is dropped; so is one naming none in a feed whose
 * items do name theirs (a BBC Sounds programme in the all-sport feed). A feed that names no sport anywhere
 * is the site's own match feed (the simulator's) and is taken for football.
 *
 * The kind is the feed's own category when it gives one, else a guess from the title. `source` is the
 * article's host (where the link opens), not the feed's. Items that cannot be trusted (no title, no http(s)
 * link, no readable date) are dropped one by one; the same story twice (the BBC lists some under two or
 * three guids, "#0", "#15"; a guid listed again under another link) is kept once, first listing wins. Only
 * a document that is neither RSS nor Atom rejects the feed, as `ingest:upstream-schema`.
 */
export function parseMatchFeed(xml: string, feedUrl: string): NewsItem[] {
  const feed = readFeed(xml, feedUrl);
  const feedSport = sportNamed(feed.words);
  const said = feed.entries.map(entrySport);
  const feedNamesSports = feedSport !== null || said.some((s) => s !== null);

  const seenIds = new Set<string>();
  const seenGuids = new Set<string>();
  const out: NewsItem[] = [];
  feed.entries.forEach((entry, i) => {
    const sport = sportOf(said[i] ?? null, feedSport, feedNamesSports);
    if (sport === null) return;
    const item = newsItem(entry, sport);
    if (!item || seenIds.has(item.id) || (entry.guid && seenGuids.has(entry.guid))) return;
    seenIds.add(item.id);
    if (entry.guid) seenGuids.add(entry.guid);
    out.push(item);
  });
  return out;
}

const entrySport = (entry: FeedEntry): SportSaid =>
  sportNamed(entry.categories.flatMap(categoryWords)) ?? sportNamed(linkWords(entry.link));

function sportOf(said: SportSaid, feedSport: SportSaid, feedNamesSports: boolean): SportSlug | null {
  const sport = said ?? feedSport;
  if (sport === null) return feedNamesSports ? null : DEFAULT_SPORT;
  return 'covered' in sport ? sport.covered : null;
}

function readFeed(xml: string, feedUrl: string): ReadFeed {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch (cause) {
    throw notAFeed(feedUrl, cause);
  }
  if (!isNode(doc)) throw notAFeed(feedUrl);
  const rss = isNode(doc.rss) ? doc.rss.channel : undefined;
  if (isNode(rss)) return rssFeed(rss, feedUrl);
  if (isNode(doc.feed) && (doc.feed['@_xmlns'] === ATOM_NS || doc.feed.entry !== undefined))
    return atomFeed(doc.feed, feedUrl);
  throw notAFeed(feedUrl);
}

const notAFeed = (feedUrl: string, cause?: unknown): UpstreamError =>
  new UpstreamError('ingest:upstream-schema', `Feed ${feedUrl} is neither an RSS 2.0 nor an Atom document`, {
    url: feedUrl,
    cause,
  });

function rssFeed(channel: XmlNode, feedUrl: string): ReadFeed {
  const selfLinks = asArray(channel['atom:link'])
    .filter(isNode)
    .map((l) => String(l['@_href'] ?? ''));
  const entries = asArray(channel.item)
    .filter(isNode)
    .map((raw): FeedEntry => ({
      title: stripHtml(text(raw.title)),
      summary: stripHtml(text(raw.description) || text(raw['content:encoded'])),
      link: text(raw.link) || permalinkGuid(raw.guid),
      guid: text(raw.guid),
      date: text(raw.pubDate) || text(raw['dc:date']),
      categories: asArray(raw.category).map(rssCategory),
      image: imageOf(raw),
    }));
  return {
    words: [
      ...asArray(channel.category).map(rssCategory).flatMap(categoryWords),
      ...[text(channel.link), ...selfLinks, feedUrl].flatMap(linkWords),
    ],
    entries,
  };
}

const rssCategory = (value: unknown): FeedCategory => ({
  text: text(value),
  ...(isNode(value) && typeof value['@_domain'] === 'string' && { domain: value['@_domain'] }),
});

function atomFeed(feed: XmlNode, feedUrl: string): ReadFeed {
  const entries = asArray(feed.entry)
    .filter(isNode)
    .map((raw): FeedEntry => ({
      title: atomText(raw.title),
      summary: atomText(raw.summary) || atomText(raw.content),
      link: atomLink(raw.link),
      guid: text(raw.id),
      // Atom's `published` is when the story first appeared; `updated` is required, so it is the fallback.
      date: text(raw.published) || text(raw.updated),
      categories: asArray(raw.category).map(atomCategory),
      image: imageOf(raw) ?? atomEnclosureImage(raw.link),
    }));
  const links = asArray(feed.link)
    .filter(isNode)
    .map((l) => String(l['@_href'] ?? ''));
  return {
    words: [
      ...asArray(feed.category).map(atomCategory).flatMap(categoryWords),
      ...[...links, feedUrl].flatMap(linkWords),
    ],
    entries,
  };
}

function atomCategory(value: unknown): FeedCategory {
  if (!isNode(value)) return {};
  const attr = (name: string) => (typeof value[name] === 'string' ? (value[name] as string) : undefined);
  const term = attr('@_term');
  const label = attr('@_label');
  return { ...(term && { term }), ...(label && { label }) };
}

/** The entry's page: the `alternate` link (a link without `rel` is one, RFC 4287 §4.2.7.2), HTML first. */
function atomLink(value: unknown): string {
  const alternates = asArray(value)
    .filter(isNode)
    .filter((l) => (l['@_rel'] ?? 'alternate') === 'alternate' && typeof l['@_href'] === 'string');
  alternates.sort((a, b) => Number(b['@_type'] === 'text/html') - Number(a['@_type'] === 'text/html'));
  return String(alternates[0]?.['@_href'] ?? '').trim();
}

function atomEnclosureImage(value: unknown): string | null {
  const enclosure = asArray(value)
    .filter(isNode)
    .find((l) => l['@_rel'] === 'enclosure' && String(l['@_type'] ?? '').startsWith('image/'));
  const href = String(enclosure?.['@_href'] ?? '').trim();
  return /^https?:\/\//i.test(href) ? href : null;
}

/**
 * An Atom text construct (RFC 4287 §3.1) as plain text. It arrives as written in the document: `xhtml` is
 * markup already; `text` and `html` are XML-escaped (or CDATA) and are unescaped first. Both then go through
 * `stripHtml`, `text` too: feeds that say "text" still send entities and tags.
 */
function atomText(value: unknown): string {
  const raw = text(value);
  if (!raw) return '';
  const type = isNode(value) ? value['@_type'] : undefined;
  return stripHtml(type === 'xhtml' ? raw : unescapeXml(raw));
}

/** XML character data as text: CDATA sections as they are, everything else with its XML escapes undone. */
const unescapeXml = (raw: string): string =>
  raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeXML(part)))
    .join('');

function newsItem(entry: FeedEntry, sport: SportSlug): NewsItem | null {
  const normalised = entry.link ? normaliseLink(entry.link) : null;
  const publishedAt = parseFeedDate(entry.date);
  if (!entry.title || !normalised || !publishedAt) return null;
  const link = entry.link.trim();
  const candidate = {
    id: storyId(normalised),
    title: entry.title,
    summary: entry.summary,
    link,
    image: entry.image,
    publishedAt,
    source: new URL(link).hostname.toLowerCase().replace(/^www\./, ''),
    kind: kindNamed(entry.categories.flatMap(categoryWords)) ?? newsKind(entry.title),
    sport,
    matchId: null,
  };
  const parsed = NewsItemSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** RSS 2.0: a guid is a permalink unless it says isPermaLink="false". */
function permalinkGuid(guid: unknown): string {
  if (isNode(guid) && guid['@_isPermaLink'] === 'false') return '';
  const value = text(guid);
  return /^https?:\/\//i.test(value) ? value : '';
}

/**
 * The story's picture: the widest `media:content` image, else a `media:thumbnail` (BBC), else an image
 * `enclosure`. Null when there is none (ESPN's feed has none).
 */
function imageOf(raw: XmlNode): string | null {
  const groups = asArray(raw['media:group']).filter(isNode);
  const contents = [raw, ...groups].flatMap((n) => asArray(n['media:content'])).filter(isNode);
  const images = contents.filter((c) => {
    const type = String(c['@_type'] ?? '');
    const medium = String(c['@_medium'] ?? '');
    return medium === 'image' || type.startsWith('image/') || (!type && !medium);
  });
  images.sort((a, b) => Number(b['@_width'] ?? 0) - Number(a['@_width'] ?? 0));
  const thumbnails = [raw, ...groups].flatMap((n) => asArray(n['media:thumbnail'])).filter(isNode);
  const enclosures = asArray(raw.enclosure)
    .filter(isNode)
    .filter((e) => String(e['@_type'] ?? '').startsWith('image/'));
  for (const node of [...images, ...thumbnails, ...enclosures]) {
    const url = String(node['@_url'] ?? '').trim();
    if (/^https?:\/\//i.test(url)) return url;
  }
  return null;
}

/** An element's text, whether the parser gave a string or a node with attributes and `#text`. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim();
  if (Array.isArray(value)) return text(value[0]);
  return '';
}

const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
