/**
 * A micro-cache for server-rendered pages: an identical request within `freshMs` gets the same bytes, and
 * identical requests that arrive while a page renders wait for that one render (single flight). After
 * that, for up to `staleMs` more, the kept page is still served at once while one request's worth of
 * rendering refreshes it in the background (stale-while-revalidate, as nginx's
 * `proxy_cache_background_update` and Next.js's incremental regeneration do), so a crowd never waits for
 * a render once a page exists. Pages are public, and live data on them is brought current by the socket
 * as soon as they hydrate (the page's position resumes the match stream, content topics changed since
 * the render are fetched again), so a page a few seconds old is invisible to a visitor, while a crowd
 * arriving at a hot match costs one render every few seconds instead of one per visitor.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Renders the page; `background` when nobody waits for it (a stale page was served instead). */
export type ProducePage = (background: boolean) => Promise<CachedPage>;

interface Entry {
  page: Promise<CachedPage>;
  /** The page once rendered, for answers that must not wait a turn of the event loop (kept()). */
  ready?: CachedPage;
  /** Until then the page is served as is; infinite while it renders. */
  freshUntil: number;
  /** Until then an expired page is served while a refresh renders; after, requests wait for a render. */
  staleUntil: number;
  refreshing: boolean;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly freshMs: number,
    private readonly staleMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The page for `key`: a fresh kept one, the one rendering now, a stale one (refreshed in the background
   * by `produce`), or a new render by `produce` that this request waits for.
   */
  get(key: string, produce: ProducePage): { page: Promise<CachedPage>; shared: boolean } {
    const now = this.now();
    const found = this.entries.get(key);
    if (found && found.freshUntil > now) return { page: found.page, shared: true };
    if (found && found.staleUntil > now) {
      if (!found.refreshing) this.refresh(key, found, produce);
      return { page: found.page, shared: true };
    }
    if (found) this.entries.delete(key);

    const page = produce(false);
    const entry: Entry = {
      page,
      freshUntil: Number.POSITIVE_INFINITY,
      staleUntil: Number.POSITIVE_INFINITY,
      refreshing: false,
    };
    this.entries.set(key, entry);
    page.then(
      (rendered) => {
        if (this.entries.get(key) === entry) this.settle(entry, rendered);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.evict();
    return { page, shared: false };
  }

  /**
   * The kept page for `key` when one is ready, fresh or stale (a stale one starts its background refresh as
   * get() does), without waiting; undefined when the page is rendering or must be rendered.
   */
  kept(key: string, produce: ProducePage): CachedPage | undefined {
    const found = this.entries.get(key);
    if (!found?.ready) return undefined;
    const now = this.now();
    if (found.freshUntil > now) return found.ready;
    if (found.staleUntil <= now) return undefined;
    if (!found.refreshing) this.refresh(key, found, produce);
    return found.ready;
  }

  get size(): number {
    return this.entries.size;
  }

  /** One background render replaces the stale page when it succeeds; when it fails the stale one stays. */
  private refresh(key: string, stale: Entry, produce: ProducePage): void {
    stale.refreshing = true;
    produce(true).then(
      (rendered) => {
        if (this.entries.get(key) !== stale) return;
        const entry: Entry = {
          page: Promise.resolve(rendered),
          freshUntil: 0,
          staleUntil: 0,
          refreshing: false,
        };
        this.entries.delete(key); // re-inserted: the newest entries are evicted last
        this.entries.set(key, entry);
        this.settle(entry, rendered);
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  /** A server error is kept only while fresh: it is never served stale. */
  private settle(entry: Entry, page: CachedPage): void {
    entry.ready = page;
    entry.freshUntil = this.now() + this.freshMs;
    entry.staleUntil = page.status >= 500 ? entry.freshUntil : entry.freshUntil + this.staleMs;
  }

  /** Drops expired entries, then the oldest, down to the bound (Map keeps insertion order). */
  private evict(): void {
    if (this.entries.size <= this.maxEntries) return;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.staleUntil <= now) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
