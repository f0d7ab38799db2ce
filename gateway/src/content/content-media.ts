import { Readable } from 'node:stream';
import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { SlugSchema, type Playback, type Video } from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Accounts } from '../auth/accounts.ts';
import { requireUser, type AuthContext } from '../auth/require-user.ts';
import type { Db } from '../db/db.ts';
import { parseInput } from '../rest/http-errors.ts';
import { fetchOrigin, sendOriginFile, verifiedToken } from '../streams/origin-proxy.ts';
import { STREAM_TOKEN_PARAM, type StreamUrlSigner } from '../streams/stream-url-signer.ts';
import type { ContentStore } from './content-store.ts';
import type { ProviderHighlights } from './provider-highlights.ts';

/** Where the gateway serves movies, TV channels and highlights: /media/{kind}/{free|premium}/{id}/{file}. */
export const MEDIA_PATH = '/media';
type MediaKind = 'highlight' | 'movie' | 'tv';
type Access = 'free' | 'premium';

/** The first file of a video on our origin: the playlist of an HLS video, the file of an MP4. */
const ENTRY: Record<'hls' | 'mp4', string> = { hls: 'index.m3u8', mp4: 'video.mp4' };
const FileParams = z.object({
  kind: z.enum(['highlight', 'movie', 'tv']),
  access: z.enum(['free', 'premium']),
  id: SlugSchema,
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\.(m3u8|m4s|mp4|m4a|aac|vtt|ts)$/),
});
/** VOD URLs outlive a film: a movie's player loads its playlist once and its segments for hours. */
const MOVIE_TTL_S = 4 * 3600;

/** What a media path plays: its origin video and who may watch it. */
interface MediaOrigin {
  video: Video;
  access: Access;
}

export const mediaPath = (kind: MediaKind, access: Access, id: string, video: Video) =>
  `${MEDIA_PATH}/${kind}/${access}/${id}/${ENTRY[video.kind as 'hls' | 'mp4']}`;

/** What a visitor's player gets for a highlight's video: our proxied URL, or the host's player to frame. */
export const publicVideo = (id: string, video: Video): Video =>
  video.kind === 'embed' ? video : { kind: video.kind, url: mediaPath('highlight', 'free', id, video) };

export interface ContentMediaDeps {
  db: Db;
  store: ContentStore;
  providerHighlights: ProviderHighlights;
  accounts: Accounts;
  signer: StreamUrlSigner;
  /** Lifetime of a premium TV URL; the player asks for a fresh one before it ends, as for matches. */
  ttlS: number;
  logger: Logger;
}

/**
 * Movies and TV channels play like a match's premium streams (issue 5): `/play` answers a URL on our origin;
 * premium ones only to a signed-in user with a site-wide plan (an entitlement with sport null), as a signed
 * URL that expires (streams/stream-url-signer.ts). The media router proxies the origin (never shown to
 * visitors), checks the token on every request and the plan on every playlist load. Highlights are free.
 */
export function contentMedia(deps: ContentMediaDeps): { api: Router; media: Router } {
  const { store, signer } = deps;
  const signedIn = requireUser(deps.accounts);
  const maybeSignedIn: RequestHandler = (req, res, next) =>
    req.get('authorization') ? signedIn(req, res, next) : next();
  const siteWide = cachedSiteWidePlan(deps.db);
  const origins = cachedOrigins();

  async function originOf(kind: MediaKind, id: string): Promise<MediaOrigin> {
    return origins(`${kind}/${id}`, async () => {
      if (kind === 'movie') {
        const movie = await store.movies.get(id);
        return { video: movie.video, access: movie.access };
      }
      if (kind === 'tv') {
        const channel = await store.tv.get(id);
        return { video: { kind: 'hls', url: channel.hls }, access: channel.access };
      }
      const clip = await deps.providerHighlights.find(id);
      if (clip) return { video: { kind: 'hls', url: clip.hls }, access: 'free' };
      return { video: (await store.highlights.get(id)).video, access: 'free' };
    });
  }

  async function playback(kind: 'movie' | 'tv', id: string, auth: AuthContext | null): Promise<Playback> {
    const { video, access } = await originOf(kind, id);
    if (access === 'premium') {
      if (!auth) throw new PitchsideError('auth:unauthenticated');
      if (!(await siteWide(auth.userId, false))) throw new PitchsideError('stream:not-entitled');
    }
    if (video.kind === 'embed') return { kind: 'embed', url: video.url, expiresAt: null };
    const path = mediaPath(kind, access, id, video);
    if (access === 'free') return { kind: video.kind, url: path, expiresAt: null };
    const ttlS = kind === 'movie' ? Math.max(deps.ttlS, MOVIE_TTL_S) : deps.ttlS;
    const url = signer.signUrl(path, auth!.userId, { ttlS });
    const check = signer.verify(path, new URL(url, 'http://x').searchParams.get(STREAM_TOKEN_PARAM) ?? '');
    return {
      kind: video.kind,
      url,
      expiresAt: check.ok ? new Date(check.grant.expiresAt * 1000).toISOString() : null,
    };
  }

  const api = Router();
  for (const kind of ['movie', 'tv'] as const) {
    api.get(`/${kind === 'movie' ? 'movies' : 'tv'}/:id/play`, maybeSignedIn, async (req, res) => {
      const { id } = parseInput(z.object({ id: SlugSchema }), req.params);
      const auth = (res.locals.auth as AuthContext | undefined) ?? null;
      res.setHeader('Cache-Control', 'private, no-store');
      res.json({ data: await playback(kind, id, auth) });
    });
  }

  const media = Router();
  media.get('/:kind/:access/:id/:file', async (req, res) => {
    const { kind, access, id, file } = parseInput(FileParams, req.params);
    const premium = access === 'premium' ? verifiedToken(req, signer) : null;
    if (premium && file.endsWith('.m3u8') && !(await siteWide(premium.grant.userId, true)))
      throw new PitchsideError('stream:not-entitled');
    const origin = await originOf(kind, id).catch((error: unknown) => {
      throw error instanceof PitchsideError && error.code === 'content:not-found'
        ? new PitchsideError('stream:not-found')
        : error;
    });
    // A premium video is never served under /free/, whatever the caller asks; embeds are not ours to serve.
    if (origin.access !== access || origin.video.kind === 'embed')
      throw new PitchsideError('stream:not-found');
    const entry = ENTRY[origin.video.kind];
    if (origin.video.kind === 'mp4' && file !== entry) throw new PitchsideError('stream:not-found');
    const url = file === entry ? new URL(origin.video.url) : new URL(file, origin.video.url);
    const cache = premium ? 'private' : 'public';
    if (origin.video.kind === 'mp4') return pipeVideo(url, req.get('range'), cache, res, deps.logger);
    await sendOriginFile(res, await fetchOrigin(url, deps.logger), file, { cache, token: premium?.token });
  });

  return { api, media };
}

/** An MP4 streams through with its byte ranges (players seek by range), without a total time limit. */
async function pipeVideo(
  url: URL,
  range: string | undefined,
  cache: string,
  res: import('express').Response,
  logger: Logger,
): Promise<void> {
  let upstream: Response;
  try {
    upstream = await fetch(url, { headers: range ? { range } : {} });
  } catch (error) {
    logger.warn({ err: error, url: url.href }, 'video origin did not answer');
    throw new PitchsideError('stream:unavailable');
  }
  if (upstream.status === 404) throw new PitchsideError('stream:not-found');
  if (!upstream.ok || !upstream.body) throw new PitchsideError('stream:unavailable');
  res.status(upstream.status);
  for (const header of ['content-length', 'content-range', 'accept-ranges']) {
    const value = upstream.headers.get(header);
    if (value) res.setHeader(header, value);
  }
  res.setHeader('Cache-Control', `${cache}, max-age=300`);
  res.type(upstream.headers.get('content-type') ?? 'video/mp4');
  Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream).pipe(res);
}

/**
 * Whether a user holds a site-wide plan now. The media router asks on every playlist reload (every few
 * seconds per TV viewer), so its answers are reused for a few seconds; `/play` asks afresh.
 */
function cachedSiteWidePlan(db: Db, ttlMs = 5000) {
  const cache = new Map<string, { at: number; value: boolean }>();
  return async (userId: string, cached: boolean): Promise<boolean> => {
    const hit = cache.get(userId);
    if (cached && hit && Date.now() - hit.at < ttlMs) return hit.value;
    const rows = await db.query(
      `SELECT 1 FROM entitlements
        WHERE user_id = $1 AND sport IS NULL AND revoked_at IS NULL AND starts_at <= $2 AND ends_at > $2
        LIMIT 1`,
      [userId, new Date()],
    );
    const value = rows.length > 0;
    cache.delete(userId);
    cache.set(userId, { at: Date.now(), value });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return value;
  };
}

/** Origins by media path, for a couple of seconds: every segment of every viewer needs one. */
function cachedOrigins(ttlMs = 2000) {
  const cache = new Map<string, { at: number; value: Promise<MediaOrigin> }>();
  return (key: string, read: () => Promise<MediaOrigin>): Promise<MediaOrigin> => {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = read();
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.get(key)?.value === value && cache.delete(key));
    if (cache.size > 5000) cache.delete(cache.keys().next().value!);
    return value;
  };
}
