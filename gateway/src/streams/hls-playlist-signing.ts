import { STREAM_TOKEN_PARAM } from './stream-url-signer.ts';

/**
 * Hands a stream token on to every URI in an HLS playlist (RFC 8216): players resolve a playlist's relative
 * URIs against the playlist's URL without its query, so each variant playlist, init section, key and
 * segment must carry the token itself. URI lines and URI="..." attributes (EXT-X-MAP, EXT-X-KEY,
 * EXT-X-MEDIA, EXT-X-I-FRAME-STREAM-INF, EXT-X-PART, EXT-X-PRELOAD-HINT, ...) are rewritten; absolute URLs
 * (another host, a CDN) are left alone, so our token never leaks to a third party.
 */
export function signPlaylistUris(playlist: string, token: string): string {
  const withToken = (uri: string): string => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('//')) return uri;
    const hash = uri.indexOf('#');
    const [path, fragment] = hash === -1 ? [uri, ''] : [uri.slice(0, hash), uri.slice(hash)];
    return `${path}${path.includes('?') ? '&' : '?'}${STREAM_TOKEN_PARAM}=${encodeURIComponent(token)}${fragment}`;
  };
  return playlist
    .split('\n')
    .map((line) => {
      const text = line.replace(/\r$/, '');
      if (text.trim() === '') return line;
      if (!text.startsWith('#')) return line.replace(text.trim(), withToken(text.trim()));
      return line.replace(/\bURI="([^"]*)"/g, (_match, uri: string) => `URI="${withToken(uri)}"`);
    })
    .join('\n');
}
