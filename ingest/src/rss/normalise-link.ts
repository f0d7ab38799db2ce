import { createHash } from 'node:crypto';

/**
 * Query parameters that follow the reader, not the story: the BBC's `at_medium=RSS&at_campaign=rss`, Google
 * Analytics' `utm_*`, ad click ids. Any other parameter may be the story's own id (`article.php?id=123`).
 */
const TRACKING = /^(utm(_.*)?|at_.*|ns_.*|mc_(cid|eid)|fbclid|gclid|dclid|msclkid|ocid|cmpid|icid|xtor)$/i;

/**
 * The link a story is known by, whatever the feed dressed it in: https, lower-case host without "www.", no
 * tracking parameters, the others in a fixed order, no fragment (the BBC's guids differ only by "#0",
 * "#15", "#16"), no trailing slash or "index.html". Null for anything that is not an http(s) URL.
 */
export function normaliseLink(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '');
  const kept = [...url.searchParams].filter(([name]) => !TRACKING.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  return `https://${host}${path}${query}`;
}

/** A short, stable id for a story: 16 hex characters of the SHA-256 of its normalised link. */
export const storyId = (normalisedLink: string): string =>
  createHash('sha256').update(normalisedLink).digest('hex').slice(0, 16);
