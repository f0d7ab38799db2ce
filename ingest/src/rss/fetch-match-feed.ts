import type { NewsItem } from '@pitchside/shared/domain';
import { HttpClient } from '../providers/http-client.ts';
import { parseMatchFeed } from './parse-match-feed.ts';

/**
 * Fetches and parses the match news feed. Failures are `UpstreamError`s with the same codes as the game API's
 * (timeout, network, HTTP status, not RSS). The source is the feed's host ("feeds.bbci.co.uk").
 */
export async function fetchMatchFeed(
  url: string,
  timeoutMs: number,
  options: { fetch?: typeof fetch } = {},
): Promise<NewsItem[]> {
  const http = new HttpClient({ baseUrl: '', timeoutMs, ...(options.fetch && { fetch: options.fetch }) });
  const xml = await http.getText(url);
  return parseMatchFeed(xml, new URL(url).hostname);
}
