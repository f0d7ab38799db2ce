/**
 * Serving files from a video origin (never shown to clients) under our own paths: the match streams
 * (stream-routes.ts) and the films, TV channels and highlights (content/content-media.ts) both go through
 * these. A premium request carries the token its signed URL gave it; a playlist goes out with that token
 * on every URI inside, so the player's next requests are signed too.
 */
import type { Request, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import { PitchsideError } from '@pitchside/shared/errors';
import { signPlaylistUris } from './hls-playlist-signing.ts';
import { STREAM_TOKEN_PARAM, type StreamGrant, type StreamUrlSigner } from './stream-url-signer.ts';

/** Media types of the files the proxies serve. */
export const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  vtt: 'text/vtt',
  ts: 'video/mp2t',
};

/** A premium request's token, checked against its path; a missing, wrong or expired one is refused. */
export function verifiedToken(req: Request, signer: StreamUrlSigner): { token: string; grant: StreamGrant } {
  const raw = req.query[STREAM_TOKEN_PARAM];
  const token = typeof raw === 'string' ? raw : undefined;
  // The path as requested, still percent-encoded: the signer refuses encoded dots and slashes.
  const check = signer.verify(new URL(req.originalUrl, 'http://x').pathname, token);
  if (!check.ok)
    throw new PitchsideError(check.reason === 'expired' ? 'stream:token-expired' : 'stream:token-invalid');
  return { token: token!, grant: check.grant };
}

/** One request to an origin; its failures become stream:* errors. */
export async function fetchOrigin(
  url: URL,
  logger: Logger,
  headers: Record<string, string> = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    logger.warn({ err: error, url: url.href }, 'stream origin did not answer');
    throw new PitchsideError('stream:unavailable');
  }
  if (response.status === 404) throw new PitchsideError('stream:not-found');
  if (!response.ok) {
    await response.body?.cancel();
    throw new PitchsideError('stream:unavailable');
  }
  return response;
}

/**
 * Sends an origin's answer for `file` on: a playlist is read again on every reload (its URIs signed with
 * `token` when the request was premium), a segment may be kept for a minute. `private` for premium files.
 */
export async function sendOriginFile(
  res: ExpressResponse,
  upstream: Response,
  file: string,
  { cache, token }: { cache: 'public' | 'private'; token: string | undefined },
): Promise<void> {
  if (file.endsWith('.m3u8')) {
    const text = await upstream.text();
    res.setHeader('Cache-Control', `${cache}, no-cache`);
    res.type(CONTENT_TYPES.m3u8!).send(token ? signPlaylistUris(text, token) : text);
    return;
  }
  const ext = file.slice(file.lastIndexOf('.') + 1);
  res.setHeader('Cache-Control', `${cache}, max-age=60`);
  res.type(upstream.headers.get('content-type') ?? CONTENT_TYPES[ext] ?? 'application/octet-stream');
  res.send(Buffer.from(await upstream.arrayBuffer()));
}
