import { NewsItemSchema, type NewsItem } from '@pitchside/shared/domain';
import { XMLParser } from 'fast-xml-parser';
import { UpstreamError } from '../providers/errors.ts';
import { parseFeedDate } from './feed-date.ts';
import { newsKind } from './news-kind.ts';
import { normaliseLink, storyId } from './normalise-link.ts';
import { stripHtml } from './strip-html.ts';

/** Elements that may repeat; the parser would otherwise give an object for one and an array for two. */
const REPEATABLE = new Set(['item', 'media:content', 'media:thumbnail', 'enclosure', 'media:group']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Everything stays a string: a title "2026" or a guid "123" must not turn into numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATABLE.has(name),
});

type XmlNode = Record<string, unknown>;

/**
 * A match news feed (RSS 2.0) as NewsItems, newest first as the feed lists them. Items that cannot be trusted
 * (no title, no http(s) link, no readable date) are dropped one by one; the same story under several guids
 * (the BBC lists some twice or three times, "#0", "#15", "#16") is kept once, first listing wins. Only a
 * document that is not RSS at all rejects the feed, as `ingest:upstream-schema`.
 */
export function parseMatchFeed(xml: string, source: string): NewsItem[] {
  const channel = rssChannel(xml, source);
  const items = asArray(channel.item);
  const seen = new Set<string>();
  const out: NewsItem[] = [];
  for (const raw of items) {
    if (!isNode(raw)) continue;
    const item = newsItem(raw, source);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

function rssChannel(xml: string, source: string): XmlNode {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch (cause) {
    throw notRss(source, cause);
  }
  const rss = isNode(doc) ? doc.rss : undefined;
  const channel = isNode(rss) ? rss.channel : undefined;
  if (!isNode(channel)) throw notRss(source);
  return channel;
}

const notRss = (source: string, cause?: unknown): UpstreamError =>
  new UpstreamError('ingest:upstream-schema', `Feed ${source} is not an RSS 2.0 document`, {
    url: source,
    cause,
  });

function newsItem(raw: XmlNode, source: string): NewsItem | null {
  const title = stripHtml(text(raw.title));
  const link = text(raw.link) || permalinkGuid(raw.guid);
  const normalised = link ? normaliseLink(link) : null;
  const publishedAt = parseFeedDate(text(raw.pubDate) || text(raw['dc:date']));
  if (!title || !normalised || !publishedAt) return null;

  const candidate = {
    id: storyId(normalised),
    title,
    summary: stripHtml(text(raw.description) || text(raw['content:encoded'])),
    link: link.trim(),
    image: imageOf(raw),
    publishedAt,
    source,
    kind: newsKind(title),
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
