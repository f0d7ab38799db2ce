import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { sportOf } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import type { MatchStreams, StreamSource } from '@pitchside/shared/payments';
import type { Accounts } from '../auth/accounts.ts';
import { authOf, requireUser, type AuthContext } from '../auth/require-user.ts';
import type { Entitlements } from '../payments/entitlements.ts';
import type { MatchReads } from '../read-model/match-reads.ts';
import { parseInput } from '../rest/http-errors.ts';
import { fetchOrigin, sendOriginFile, verifiedToken } from './origin-proxy.ts';
import type { StreamSources, UpstreamStream } from './stream-sources.ts';
import { STREAM_TOKEN_PARAM, type StreamUrlSigner } from './stream-url-signer.ts';

/** Where the gateway serves streams: /streams/{free|premium}/{match}/{source}/{file}. */
export const STREAMS_PATH = '/streams';

/** No leading dot, so no id is ever `.` or `..` in a path. */
const PathId = z.string().regex(/^[A-Za-z0-9_:-][A-Za-z0-9_.:-]{0,63}$/);
const MatchParams = z.object({ id: PathId });
const SourceParams = MatchParams.extend({ sourceId: PathId });
const FileParams = z.object({
  access: z.enum(['free', 'premium']),
  matchId: PathId,
  sourceId: PathId,
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\.(m3u8|m4s|mp4|m4a|aac|vtt)$/),
});

export interface StreamRoutesDeps {
  accounts: Accounts;
  matches: MatchReads;
  sources: StreamSources;
  signer: StreamUrlSigner;
  entitlements: Entitlements;
  /** Lifetime of a premium URL; the player asks for a fresh one before it runs out. */
  ttlS: number;
  logger: Logger;
}

const playlistPath = (access: 'free' | 'premium', matchId: string, sourceId: string) =>
  `${STREAMS_PATH}/${access}/${encodeURIComponent(matchId)}/${encodeURIComponent(sourceId)}/index.m3u8`;

/**
 * Premium streams (issue 5): the API lists a match's sources and hands an entitled user a short-lived signed
 * playlist URL; the media router serves playlists and segments from the streaming provider's origin (never
 * shown to clients), checking the token on every request and the entitlement on every playlist reload, so a
 * refund ends a stream within one reload and a URL copied out of the page dies with its token.
 */
export function streamRoutes(deps: StreamRoutesDeps): { api: Router; media: Router } {
  const { matches, sources, signer, entitlements } = deps;
  const signedIn = requireUser(deps.accounts);
  // Signed-in callers are recognised; visitors are welcome (they see the free feeds and the paywall).
  const maybeSignedIn: RequestHandler = (req, res, next) =>
    req.get('authorization') ? signedIn(req, res, next) : next();
  const covers = cachedCovers(entitlements);

  async function sportOfMatch(matchId: string): Promise<string> {
    const [entry] = await matches.entries([matchId]);
    if (!entry) throw new PitchsideError('match:not-found');
    return sportOf(entry.match.competition);
  }

  function describe(matchId: string, source: UpstreamStream, user: AuthContext | null): StreamSource {
    const base = { id: source.id, label: source.label, access: source.access };
    if (source.access === 'free')
      return { ...base, url: playlistPath('free', matchId, source.id), expiresAt: null };
    if (!user) return { ...base, url: null, expiresAt: null };
    const url = signer.signUrl(playlistPath('premium', matchId, source.id), user.userId, { ttlS: deps.ttlS });
    const expiresAt = signer.verify(new URL(url, 'http://x').pathname, tokenOf(url));
    return {
      ...base,
      url,
      expiresAt: expiresAt.ok ? new Date(expiresAt.grant.expiresAt * 1000).toISOString() : null,
    };
  }

  const api = Router();
  api.get('/matches/:id/streams', maybeSignedIn, async (req, res) => {
    const { id } = parseInput(MatchParams, req.params);
    const sport = await sportOfMatch(id);
    const auth = (res.locals.auth as AuthContext | undefined) ?? null;
    const [list, entitled] = await Promise.all([
      sources.forMatch(id),
      auth ? entitlements.covers(auth.userId, sport) : Promise.resolve(false),
    ]);
    res.setHeader('Cache-Control', 'private, no-store');
    const data: MatchStreams = {
      matchId: id,
      sport,
      entitled,
      sources: list.map((s) => describe(id, s, entitled ? auth : null)),
    };
    res.json({ data });
  });

  api.get('/matches/:id/streams/:sourceId', signedIn, async (req, res) => {
    const { id, sourceId } = parseInput(SourceParams, req.params);
    const sport = await sportOfMatch(id);
    const source = await sources.find(id, sourceId);
    const auth = authOf(res);
    if (source.access === 'premium' && !(await entitlements.covers(auth.userId, sport)))
      throw new PitchsideError('stream:not-entitled');
    const described = describe(id, source, auth);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ data: { url: described.url, expiresAt: described.expiresAt } });
  });

  const media = Router();
  media.get('/:access/:matchId/:sourceId/:file', async (req, res) => {
    const { access, matchId, sourceId, file } = parseInput(FileParams, req.params);
    const premium = access === 'premium' ? verifiedToken(req, signer) : null;
    // The plan is checked on every playlist reload, so a refund ends a stream within one.
    if (
      premium &&
      file.endsWith('.m3u8') &&
      !(await covers(premium.grant.userId, await sportOfMatch(matchId)))
    )
      throw new PitchsideError('stream:not-entitled');
    const source = await sources.find(matchId, sourceId);
    // A premium feed is never served under /free/, whatever the caller asks.
    if (source.access !== access) throw new PitchsideError('stream:not-found');
    const upstream = await fetchOrigin(new URL(file, source.hls), deps.logger);
    await sendOriginFile(res, upstream, file, {
      cache: premium ? 'private' : 'public',
      token: premium?.token,
    });
  });

  return { api, media };
}

const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get(STREAM_TOKEN_PARAM) ?? undefined;

/**
 * Whether a user's plan covers a sport, remembered for a few seconds: every viewer's player reloads its
 * playlist every segment (2 s), and one query per reload per viewer would be most of the database's work.
 */
function cachedCovers(entitlements: Entitlements, ttlMs = 5000) {
  const cache = new Map<string, { at: number; value: boolean }>();
  return async (userId: string, sport: string): Promise<boolean> => {
    const key = `${userId}\n${sport}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = await entitlements.covers(userId, sport);
    cache.delete(key);
    cache.set(key, { at: Date.now(), value });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return value;
  };
}
