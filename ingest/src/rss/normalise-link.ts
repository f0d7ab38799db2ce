import { createHash } from 'node:crypto';

/**
 * The link a story is known by, whatever the feed dressed it in: https, lower-case host without "www.", no
 * query (tracking: `?at_medium=RSS&at_campaign=rss`), no fragment (the BBC's guids differ only by "#0",
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
  return `https://${host}${path}`;
}

/** A short, stable id for a story: 16 hex characters of the SHA-256 of its normalised link. */
export const storyId = (normalisedLink: string): string =>
  createHash('sha256').update(normalisedLink).digest('hex').slice(0, 16);
