import type { NewsItem } from '@pitchside/shared/domain';
import { HttpClient } from '../providers/http-client.ts';
import { parseMatchFeed } from './parse-match-feed.ts';

/**
 * Fetches and parses the match news feed (RSS 2.0 or Atom). Failures are `UpstreamError`s with the same codes
 * as the game API's (timeout, network, HTTP status, not a feed). The feed's address is one of the places a
 * story's sport is read from (`/sport/football/rss.xml`).
 */
export async function fetchMatchFeed(
  url: string,
  timeoutMs: number,
  options: { fetch?: typeof fetch } = {},
): Promise<NewsItem[]> {
  const http = new HttpClient({ baseUrl: '', timeoutMs, ...(options.fetch && { fetch: options.fetch }) });
  const xml = await http.getText(url);
  return parseMatchFeed(xml, url);
}
