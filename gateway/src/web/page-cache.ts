/**
 * A micro-cache for server-rendered pages: an identical request within `ttlMs` gets the same bytes, and
 * identical requests that arrive while a page renders wait for that one render (single flight). Pages are
 * public, and live data on them is brought current by the socket as soon as they hydrate (the page's
 * position resumes the match stream), so a page a few seconds old is invisible to a visitor, while a
 * crowd arriving at a hot match costs one render every few seconds instead of one per visitor.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry {
  page: Promise<CachedPage>;
  expiresAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page for `key`: a fresh cached one, the one rendering now, or a new render by `produce`. */
  get(key: string, produce: () => Promise<CachedPage>): { page: Promise<CachedPage>; shared: boolean } {
    const now = this.now();
    const found = this.entries.get(key);
    if (found && found.expiresAt > now) return { page: found.page, shared: true };
    if (found) this.entries.delete(key);

    const page = produce();
    const entry: Entry = { page, expiresAt: Number.POSITIVE_INFINITY };
    this.entries.set(key, entry);
    page.then(
      () => {
        if (this.entries.get(key) === entry) entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.evict();
    return { page, shared: false };
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops expired entries, then the oldest, down to the bound (Map keeps insertion order). */
  private evict(): void {
    if (this.entries.size <= this.maxEntries) return;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
