import type { Logger } from 'pino';
import { z } from 'zod';
import { IdSchema } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';

/** One feed of a match as the streaming provider lists it; `hls` is its origin playlist, never shown to clients. */
export const UpstreamStreamSchema = z.object({
  id: IdSchema,
  label: z.string().max(120),
  access: z.enum(['free', 'premium']),
  hls: z.url({ protocol: /^https?$/ }),
});
export type UpstreamStream = z.infer<typeof UpstreamStreamSchema>;
const UpstreamAnswerSchema = z.object({ response: z.array(UpstreamStreamSchema).max(20) });

export interface StreamSourcesOptions {
  /** The streaming provider's API base: `${apiUrl}/streams?fixture={matchId}` lists a match's feeds. */
  apiUrl?: string;
  /** How long a match's list is reused: players reload playlists every few seconds. */
  cacheMs?: number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /**
   * Sources the site adds itself (the CMS's, issue 6), listed after the provider's and served through the
   * same proxy; the caller caches them. When the provider does not answer, these still play.
   */
  extra?: (matchId: string) => Promise<UpstreamStream[]>;
  logger: Logger;
}

/**
 * The live streams of matches, from the streaming provider (the simulator's `/streams`, issue 5): a separate
 * service from the data provider, as rights holders' streaming APIs are. Without `apiUrl` no match has a
 * stream. A short cache (and one request in flight per match) keeps the provider's load independent of the
 * number of viewers.
 */
export class StreamSources {
  private readonly cache = new Map<string, { at: number; value: Promise<UpstreamStream[]> }>();
  private readonly cacheMs: number;

  constructor(private readonly options: StreamSourcesOptions) {
    this.cacheMs = options.cacheMs ?? 5000;
  }

  async forMatch(matchId: string): Promise<UpstreamStream[]> {
    // The site's own sources never take the provider's down with them.
    const extra =
      (await this.options.extra?.(matchId).catch((error: unknown) => {
        this.options.logger.warn({ err: error, matchId }, 'extra stream sources not read');
        return [];
      })) ?? [];
    if (extra.length === 0) return this.providerList(matchId);
    const provider = await this.providerList(matchId).catch(() => []);
    return [...provider, ...extra.filter((s) => !provider.some((p) => p.id === s.id))];
  }

  private providerList(matchId: string): Promise<UpstreamStream[]> {
    const now = Date.now();
    const hit = this.cache.get(matchId);
    if (hit && now - hit.at < this.cacheMs) return hit.value;
    const value = this.fetchList(matchId);
    this.cache.set(matchId, { at: now, value });
    // A failure is not cached: the next viewer asks again.
    value.catch(() => this.cache.get(matchId)?.value === value && this.cache.delete(matchId));
    if (this.cache.size > 5000) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  async find(matchId: string, sourceId: string): Promise<UpstreamStream> {
    const source = (await this.forMatch(matchId)).find((s) => s.id === sourceId);
    if (!source) throw new PitchsideError('stream:not-found');
    return source;
  }

  private async fetchList(matchId: string): Promise<UpstreamStream[]> {
    if (!this.options.apiUrl) return [];
    const url = `${this.options.apiUrl.replace(/\/+$/, '')}/streams?fixture=${encodeURIComponent(matchId)}`;
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return UpstreamAnswerSchema.parse(await response.json()).response;
    } catch (error) {
      this.options.logger.warn({ err: error, matchId }, 'streaming provider did not answer');
      throw new PitchsideError('stream:unavailable');
    }
  }
}
