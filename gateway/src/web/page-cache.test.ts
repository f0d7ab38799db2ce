import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './page-cache.ts';

const page = (body: string, status = 200): CachedPage => ({ status, headers: {}, body: Buffer.from(body) });
const text = async (p: Promise<CachedPage>) => (await p).body.toString();
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('page micro-cache', () => {
  it('renders once for identical requests arriving together, and serves the result while fresh', async () => {
    let now = 0;
    const cache = new PageCache(1000, 0, 10, () => now);
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page(`render ${renders}`);
    };
    const together = await Promise.all([1, 2, 3].map(() => cache.get('/en', render).page));
    expect(renders).toBe(1);
    expect(together.map((p) => p.body.toString())).toEqual(['render 1', 'render 1', 'render 1']);
    now = 999;
    expect(await text(cache.get('/en', render).page)).toBe('render 1');
    now = 1006; // no stale window: the request waits for a new render
    expect(await text(cache.get('/en', render).page)).toBe('render 2');
  });

  it('serves a stale page at once while one background render refreshes it', async () => {
    let now = 0;
    const cache = new PageCache(1000, 10_000, 10, () => now);
    const calls: boolean[] = [];
    let release: (() => void) | undefined;
    const render = async (background: boolean) => {
      calls.push(background);
      if (background) await new Promise<void>((resolve) => (release = resolve));
      return page(`render ${calls.length}`);
    };
    expect(await text(cache.get('/en', render).page)).toBe('render 1');
    now = 2000; // stale
    const crowd = [1, 2, 3].map(() => cache.get('/en', render));
    expect(await Promise.all(crowd.map((c) => text(c.page)))).toEqual(['render 1', 'render 1', 'render 1']);
    expect(calls).toEqual([false, true]); // one refresh for the crowd, nobody waited for it
    release!();
    await settle();
    expect(await text(cache.get('/en', render).page)).toBe('render 2');
    expect(calls).toEqual([false, true]); // fresh again
    now = 2000 + 1000 + 10_001; // past the stale window too: wait for a render
    expect(await text(cache.get('/en', render).page)).toBe('render 3');
    expect(calls).toEqual([false, true, false]);
  });

  it('keeps serving the stale page when its refresh fails, and tries again on the next request', async () => {
    let now = 0;
    const cache = new PageCache(1000, 10_000, 10, () => now);
    let fail = true;
    let renders = 0;
    const render = async () => {
      renders += 1;
      if (renders > 1 && fail) throw new Error('API down');
      return page(`render ${renders}`);
    };
    await cache.get('/en', render).page;
    now = 2000;
    expect(await text(cache.get('/en', render).page)).toBe('render 1');
    await settle();
    expect(await text(cache.get('/en', render).page)).toBe('render 1');
    await settle(); // the second refresh failed too
    fail = false;
    expect(await text(cache.get('/en', render).page)).toBe('render 1'); // its refresh now succeeds
    await settle();
    expect(await text(cache.get('/en', render).page)).toBe('render 4');
  });

  it('never serves a server error stale', async () => {
    let now = 0;
    const cache = new PageCache(1000, 10_000, 10, () => now);
    let renders = 0;
    const render = async (background: boolean) => {
      renders += 1;
      expect(background).toBe(false);
      return page(`render ${renders}`, renders === 1 ? 500 : 200);
    };
    expect((await cache.get('/en', render).page).status).toBe(500);
    now = 1500;
    const next = await cache.get('/en', render).page;
    expect([next.status, next.body.toString()]).toEqual([200, 'render 2']);
  });

  it('forgets a render that failed, so the next request tries again', async () => {
    const cache = new PageCache(1000, 10_000, 10);
    await expect(cache.get('/b', async () => Promise.reject(new Error('boom'))).page).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
  });

  it('stays within its bound, dropping the oldest first', async () => {
    const cache = new PageCache(60_000, 60_000, 2);
    for (const key of ['/1', '/2', '/3']) await cache.get(key, async () => page(key)).page;
    expect(cache.size).toBe(2);
    let rendered = false;
    await cache.get('/1', async () => {
      rendered = true;
      return page('/1 again');
    }).page;
    expect(rendered).toBe(true);
  });
});
