import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './page-cache.ts';

const page = (body: string): CachedPage => ({ status: 200, headers: {}, body: Buffer.from(body) });

describe('page micro-cache', () => {
  it('renders once for identical requests arriving together, and serves the result for the TTL', async () => {
    let now = 0;
    const cache = new PageCache(1000, 10, () => now);
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page(`render ${renders}`);
    };
    const together = await Promise.all([1, 2, 3].map(() => cache.get('/en', render).page));
    expect(renders).toBe(1);
    expect(together.map((p) => p?.body.toString())).toEqual(['render 1', 'render 1', 'render 1']);
    now = 999;
    expect((await cache.get('/en', render).page)?.body.toString()).toBe('render 1');
    now = 1006;
    expect((await cache.get('/en', render).page)?.body.toString()).toBe('render 2');
  });

  it('forgets a render that failed, so the next request tries again', async () => {
    const cache = new PageCache(1000, 10);
    await expect(cache.get('/b', async () => Promise.reject(new Error('boom'))).page).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
  });

  it('stays within its bound, dropping the oldest first', async () => {
    const cache = new PageCache(60_000, 2);
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
