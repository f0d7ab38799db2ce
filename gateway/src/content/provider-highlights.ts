import type { Logger } from 'pino';
import { z } from 'zod';
import { VideoDurationSchema } from '@pitchside/shared/content';
import { isFinished } from '@pitchside/shared/domain';
import type { MatchReads } from '../read-model/match-reads.ts';
import { PROVIDER_HIGHLIGHT_PREFIX } from './highlight-store.ts';

/** One clip of a finished match as the streaming provider lists it; `hls` is its origin (VOD) playlist. */
export const ProviderClipSchema = z.object({
  id: z.string().regex(/^[a-z0-9]{1,20}$/),
  title: z.string().min(1).max(160),
  hls: z.url({ protocol: /^https?$/ }),
  durationS: VideoDurationSchema,
  posterUrl: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .default(null),
  publishedAt: z.iso.datetime(),
});
export type ProviderClip = z.infer<typeof ProviderClipSchema> & { matchId: string };
const AnswerSchema = z.object({ response: z.array(ProviderClipSchema).max(20) });

/** `provider-{matchId}-{clipId}`: a highlight id that says where the clip comes from. */
export const providerHighlightId = (matchId: string, clipId: string) =>
  `${PROVIDER_HIGHLIGHT_PREFIX}${matchId.toLowerCase()}-${clipId}`;
/** Match ids that fit in a highlight id (the simulator's and API-Football's are numbers). */
const SLUG_MATCH_ID = /^[a-z0-9-]{1,60}$/;

export interface ProviderHighlightsOptions {
  /** The streaming provider's API base: `${apiUrl}/highlights?fixture={matchId}`. Without it, no clips. */
  apiUrl?: string;
  matches: MatchReads;
  cacheMs?: number;
  timeoutMs?: number;
  logger: Logger;
}

/**
 * The streaming provider's highlight clips of finished matches (the simulator's `/highlights`), read like
 * StreamSources reads feeds: a short cache per match and one request in flight, so the provider's load does
 * not grow with visitors. A provider that does not answer means no clips, never an error page.
 */
export class ProviderHighlights {
  private readonly cache = new Map<string, { at: number; value: Promise<ProviderClip[]> }>();
  private latest: { at: number; value: Promise<ProviderClip[]> } | null = null;
  private readonly cacheMs: number;

  constructor(private readonly options: ProviderHighlightsOptions) {
    this.cacheMs = options.cacheMs ?? 30_000;
  }

  forMatch(matchId: string): Promise<ProviderClip[]> {
    if (!this.options.apiUrl || !SLUG_MATCH_ID.test(matchId)) return Promise.resolve([]);
    const now = Date.now();
    const hit = this.cache.get(matchId);
    if (hit && now - hit.at < this.cacheMs) return hit.value;
    const value = this.fetchClips(matchId);
    this.cache.set(matchId, { at: now, value });
    if (this.cache.size > 2000) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  /** A clip by its highlight id, for the media proxy. */
  async find(highlightId: string): Promise<ProviderClip | null> {
    const m = new RegExp(`^${PROVIDER_HIGHLIGHT_PREFIX}(.+)-([a-z0-9]+)$`).exec(highlightId);
    if (!m) return null;
    const clips = await this.forMatch(m[1]!);
    return clips.find((c) => c.id === m[2]) ?? null;
  }

  /** The clips of the latest finished matches of the read model (the last two days, at most `matches`). */
  latestClips(matches = 8): Promise<ProviderClip[]> {
    const now = Date.now();
    if (this.latest && now - this.latest.at < this.cacheMs) return this.latest.value;
    const value = this.readLatest(now, matches);
    this.latest = { at: now, value };
    return value;
  }

  private async readLatest(now: number, limit: number): Promise<ProviderClip[]> {
    if (!this.options.apiUrl) return [];
    const reads = this.options.matches;
    const entries = await reads.entries(await reads.idsByKickoff(now - 2 * 86_400_000, now));
    const finished = entries
      .filter((e) => isFinished(e.match.status))
      .sort((a, b) => Date.parse(b.match.kickoff) - Date.parse(a.match.kickoff))
      .slice(0, limit);
    const lists = await Promise.all(finished.map((e) => this.forMatch(e.match.id)));
    return lists.flat();
  }

  private async fetchClips(matchId: string): Promise<ProviderClip[]> {
    const url = `${this.options.apiUrl!.replace(/\/+$/, '')}/highlights?fixture=${encodeURIComponent(matchId)}`;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return AnswerSchema.parse(await response.json()).response.map((clip) => ({ ...clip, matchId }));
    } catch (error) {
      this.options.logger.warn({ err: error, matchId }, 'streaming provider gave no highlights');
      // Not cached: the next visitor asks again.
      this.cache.delete(matchId);
      return [];
    }
  }
}
