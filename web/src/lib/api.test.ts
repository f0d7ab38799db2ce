import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api.ts';
import { guardParserChunks, lazyParser } from './envelope.ts';

/**
 * The REST client with lazy parsers (the browser's first view carries no schemas): the parser's chunk is
 * loaded with the request, and every answer is still parsed with its schema before a caller sees it.
 */
const Point = z.object({ x: z.number(), y: z.number() });

function answering(body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  guardParserChunks((load) => load());
});

describe('API client with a lazy parser', () => {
  it('loads the parser with the request and parses the answer with it', async () => {
    answering({ data: { x: 1, y: 2, extra: true } });
    const load = vi.fn(async () => ({ Point }));
    const result = await createApiClient('/api').get(
      '/point',
      lazyParser(load, (m) => m.Point),
    );
    expect(result).toEqual({ data: { x: 1, y: 2 } });
    expect(load).toHaveBeenCalledOnce();
  });

  it('turns an answer its schema rejects into server:internal', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answering({ data: { x: 'one' } });
    const result = await createApiClient('/api').get(
      '/point',
      lazyParser(
        async () => ({ Point }),
        (m) => m.Point,
      ),
    );
    expect(result).toEqual({ error: expect.objectContaining({ code: 'server:internal' }) });
  });

  it('passes an error answer on without needing the parser', async () => {
    answering({ error: { code: 'match:not-found', message: 'No match has this id.' } });
    const result = await createApiClient('/api').get(
      '/point',
      lazyParser(
        async () => ({ Point }),
        (m) => m.Point,
      ),
    );
    expect(result).toEqual({ error: { code: 'match:not-found', message: 'No match has this id.' } });
  });

  it('rejects when the parser chunk cannot be loaded, through the installed chunk guard', async () => {
    answering({ data: { x: 1, y: 2 } });
    let guarded = 0;
    guardParserChunks((load) => {
      guarded += 1;
      return load();
    });
    const failing = lazyParser(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      (m: { Point: typeof Point }) => m.Point,
    );
    await expect(createApiClient('/api').get('/point', failing)).rejects.toThrow(/dynamically imported/);
    expect(guarded).toBe(1);
  });

  it('still takes a schema directly', async () => {
    answering({ data: { x: 3, y: 4 } });
    expect(await createApiClient('/api').get('/point', Point)).toEqual({ data: { x: 3, y: 4 } });
  });
});
