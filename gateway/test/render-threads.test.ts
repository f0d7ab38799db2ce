import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { RenderPool, type RenderResult } from '../src/web/render-pool.ts';
import { startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { WEB_DIST } from '@pitchside/test-support/stack';

const silent = pino({ level: 'silent' });
const FIXTURE_ENTRY = fileURLToPath(new URL('./fixtures/render/entry-server.mjs', import.meta.url));

/** One render thread running the fixture renderer (no API behind it). */
const fixturePool = () =>
  new RenderPool({
    threads: 1,
    serverEntry: FIXTURE_ENTRY,
    manifest: {},
    apiBase: 'http://127.0.0.1:9/api',
    logger: silent,
  });

/** The whole document a page result streams. */
function read(result: RenderResult): Promise<string> {
  if (result.kind !== 'page') throw new Error(`expected a page, got a ${result.status} redirect`);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    result.pipe(sink).on('error', reject);
  });
}

describe('page rendering on render threads', () => {
  it('renders, redirects and keeps working after a thread throws or dies', async () => {
    const pool = fixturePool();
    try {
      const first = await read(await pool.render({ url: '/a', headers: {} }, {}));
      expect(first).toMatch(/^<p>\/a from thread \d+<\/p>$/);
      expect(await pool.render({ url: '/redirect', headers: {} }, {})).toEqual({
        kind: 'redirect',
        status: 302,
        headers: { Location: '/en' },
      });
      await expect(pool.render({ url: '/throw', headers: {} }, {})).rejects.toThrow('render failed: /throw');

      // The thread dies before answering: the render fails; the next one gets a new thread.
      await expect(pool.render({ url: '/exit-now', headers: {} }, {})).rejects.toThrow(/exited \(3\)/);
      const after = await read(await pool.render({ url: '/b', headers: {} }, {}));
      expect(after).toMatch(/^<p>\/b from thread \d+<\/p>$/);
      expect(after.match(/\d+/)![0]).not.toBe(first.match(/\d+/)![0]);

      // It dies halfway through a document: the document errors instead of ending as if whole.
      const midway = await pool.render({ url: '/exit-midway', headers: {} }, {});
      await expect(read(midway)).rejects.toThrow(/exited \(4\)/);
      expect(await read(await pool.render({ url: '/c', headers: {} }, {}))).toMatch(/^<p>\/c from/);
    } finally {
      await pool.close();
    }
    await expect(pool.render({ url: '/d', headers: {} }, {})).rejects.toThrow('closed');
  });
});

const built = existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'));
if (!built) console.warn('[render-threads] skipping the site tests: no web build (npm run build:web)');

describe.skipIf(!built)('the website rendered on threads and on the event loop', () => {
  let t: TestRedis;
  let threaded: TestGateway;
  let inline: TestGateway;

  beforeAll(async () => {
    t = await testRedis();
    threaded = await startGateway(t, { webDist: WEB_DIST, renderThreads: 2 });
    inline = await startGateway(t, { webDist: WEB_DIST, renderThreads: 0 });
  });
  afterAll(async () => {
    await threaded?.close();
    await inline?.close();
    await t?.cleanup();
  });

  const page = async (base: string, url: string) => {
    const res = await fetch(`${base}${url}`, { redirect: 'manual', headers: { 'accept-language': 'de' } });
    const html = await res.text();
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
    return {
      status: res.status,
      location: res.headers.get('location'),
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
      lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
      // Render times and React's ids aside, the same page.
      main: main.replace(/"renderedAt":"[^"]+"/g, ''),
    };
  };

  it.runIf(existsSync('/proc/thread-self'))(
    'runs renders at a lower priority than the thread that answers requests',
    async () => {
      const niceOf = (task: string) =>
        Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      const before = new Set(readdirSync('/proc/self/task'));
      const pool = fixturePool();
      try {
        await read(await pool.render({ url: '/a', headers: {} }, {}));
        const own = niceOf(String(process.pid));
        const started = readdirSync('/proc/self/task').filter((task) => !before.has(task));
        // The render thread is among the threads the pool started, and is niced; this thread is not.
        expect(started.map(niceOf)).toContain(Math.min(19, own + 10));
        expect(niceOf(String(process.pid))).toBe(own);
      } finally {
        await pool.close();
      }
    },
  );

  it('answers every kind of page the same as the in-process renderer, concurrently', async () => {
    const urls = [
      '/',
      '/de',
      '/de/faq',
      '/fr/live-matches',
      '/en/league',
      '/es/no-such-page',
      '/it/about-us',
    ];
    const onThreads = await Promise.all(urls.map((url) => page(threaded.url, url)));
    const inProcess = await Promise.all(urls.map((url) => page(inline.url, url)));
    expect(onThreads).toEqual(inProcess);
    expect(onThreads.map((p) => p.status)).toEqual([302, 200, 200, 200, 200, 404, 200]);
    expect(onThreads[0]!.location).toBe('/de');
    expect(onThreads[2]!.lang).toBe('de');
    expect(onThreads[5]!.main).toContain('404');
  });

  it('answers a kept page with the same status, headers and bytes as the render that kept it', async () => {
    const pageCount = async () => {
      const metrics = await (await fetch(`${threaded.url}/metrics`)).text();
      const line =
        /gateway_http_request_duration_seconds_count\{method="GET",route="page",status="2xx"\} (\d+)/;
      return Number(line.exec(metrics)?.[1] ?? 0);
    };
    const get = async () => {
      const res = await fetch(`${threaded.url}/de/about-us?kept=1`, {
        headers: { 'accept-language': 'de', 'accept-encoding': 'gzip' },
      });
      return { res, body: await res.text() };
    };
    const before = await pageCount();
    const rendered = await get(); // streamed while it renders, compressed by the middleware
    const kept = await get(); // the kept bytes, answered before the routes
    expect(kept.res.status).toBe(200);
    expect(kept.body).toBe(rendered.body);
    expect(kept.body).toContain('<html lang="de"');
    for (const name of [
      'content-type',
      'content-encoding',
      'vary',
      'cache-control',
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ])
      expect([name, kept.res.headers.get(name)]).toEqual([name, rendered.res.headers.get(name)]);
    expect(kept.res.headers.get('content-encoding')).toBe('gzip');
    expect(kept.res.headers.get('x-request-id')).not.toBe(rendered.res.headers.get('x-request-id'));
    // Both counted as pages in the latency histogram the operators read.
    expect((await pageCount()) - before).toBe(2);
  });
});
