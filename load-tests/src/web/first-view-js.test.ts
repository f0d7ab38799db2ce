import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstViewFromFetched, firstViewFromHtml, scriptUrlsInHtml } from './first-view-js.ts';

const client = mkdtempSync(path.join(tmpdir(), 'first-view-'));
mkdirSync(path.join(client, 'assets'));
const files: Record<string, string> = {
  'assets/entry-a1.js': 'import "./react-b2.js";'.repeat(50),
  'assets/react-b2.js': 'export const react = 1;'.repeat(400),
  'assets/home-c3.js': 'export const home = 1;'.repeat(20),
  'assets/lazy-d4.js': 'export const lazy = 1;'.repeat(20),
};
for (const [file, content] of Object.entries(files)) writeFileSync(path.join(client, file), content);
const gz = (file: string) => gzipSync(Buffer.from(files[file]!)).length;
afterAll(() => rmSync(client, { recursive: true, force: true }));

const manifest = {
  'src/entry-client.tsx': { file: 'assets/entry-a1.js', imports: ['_react-b2.js'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/app/pages/home.tsx': { file: 'assets/home-c3.js', imports: ['src/entry-client.tsx', '_react-b2.js'] },
  'src/app/pages/other.tsx': { file: 'assets/lazy-d4.js' },
};

const html =
  '<html><head><link rel="modulepreload" fetchPriority="low" nonce="x" href="/assets/entry-a1.js"/>' +
  '<link rel="stylesheet" href="/assets/entry.css"/><link rel="modulepreload" href="/assets/home-c3.js"/>' +
  '<link rel="modulepreload" href="https://cdn.example/x.js"/></head><body>' +
  '<script nonce="x">window.boot={}</script><script type="module" src="/assets/entry-a1.js" async=""></script></body></html>';

describe('first-view JavaScript', () => {
  it('reads our module scripts and modulepreloads from the HTML, once each, in order', () => {
    expect(scriptUrlsInHtml(html)).toEqual(['/assets/entry-a1.js', '/assets/home-c3.js']);
  });

  it('adds the modules the boot data lists for the entry to preload after the first paint', () => {
    const page =
      '<html><head><link rel="modulepreload" fetchPriority="low" href="/assets/entry-a1.js"/></head><body>' +
      '<script id="pitchside-boot" type="application/json">{"language":"en","assets":{"entry":"/assets/entry-a1.js",' +
      '"css":["/assets/entry.css"],"preloads":["/assets/home-c3.js","https://cdn.example/x.js"]}}</script>' +
      '<script type="module" src="/assets/entry-a1.js" async=""></script></body></html>';
    expect(scriptUrlsInHtml(page)).toEqual(['/assets/entry-a1.js', '/assets/home-c3.js']);
    expect(
      scriptUrlsInHtml(page.replace('"preloads":[', '"preloads":{').replace('x.js"]', 'x.js"}')),
    ).toEqual(['/assets/entry-a1.js']);
  });

  it('adds what those import statically, and gzips each file once', () => {
    const js = firstViewFromHtml(html, manifest, client);
    expect(js.files.map((f) => f.path).sort()).toEqual([
      '/assets/entry-a1.js',
      '/assets/home-c3.js',
      '/assets/react-b2.js',
    ]);
    expect(js.gzipBytes).toBe(gz('assets/entry-a1.js') + gz('assets/home-c3.js') + gz('assets/react-b2.js'));
    expect(js.bytes).toBe(
      files['assets/entry-a1.js']!.length +
        files['assets/home-c3.js']!.length +
        files['assets/react-b2.js']!.length,
    );
  });

  it("counts our fetched files gzipped from the build and a third party's as the browser received them", () => {
    const js = firstViewFromFetched(
      [
        { url: 'http://127.0.0.1:9/assets/react-b2.js', transferSize: 99_999, resourceSize: 99_999 },
        { url: 'http://127.0.0.1:9/assets/lazy-d4.js', transferSize: 1, resourceSize: 1 },
        { url: 'https://tags.example/gtm.js', transferSize: 30, resourceSize: 90 },
      ],
      'http://127.0.0.1:9',
      client,
    );
    expect(js.source).toBe('lighthouse');
    expect(js.gzipBytes).toBe(gz('assets/react-b2.js') + gz('assets/lazy-d4.js') + 30);
    // Largest first.
    expect(js.files.map((f) => f.path)).toEqual([
      '/assets/react-b2.js',
      '/assets/lazy-d4.js',
      'https://tags.example/gtm.js',
    ]);
  });

  it('never reads outside the client folder', () => {
    const js = firstViewFromFetched(
      [{ url: 'http://127.0.0.1:9/../../etc/passwd', transferSize: 5, resourceSize: 5 }],
      'http://127.0.0.1:9',
      client,
    );
    expect(js.files.map((f) => f.gzipBytes)).toEqual([5]);
  });
});
