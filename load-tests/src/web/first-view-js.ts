import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * How much JavaScript a visitor's browser downloads for the first view of a page, gzipped. Measured on the
 * files themselves (zlib's default level 6, what a compressing proxy or CDN serves), so the figure does not
 * depend on whether the server in front compresses.
 */

export interface ScriptFile {
  /** Path on the site, e.g. /assets/react-DqD6ImvB.js. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstViewJs {
  /** Where the list of scripts came from. */
  source: 'lighthouse' | 'html';
  files: ScriptFile[];
  bytes: number;
  gzipBytes: number;
}

/** One script as the browser fetched it (Lighthouse's network-requests rows of resourceType Script). */
export interface FetchedScript {
  url: string;
  transferSize: number;
  resourceSize: number;
}

/**
 * From the scripts the browser fetched: our own files are read from the build the gateway served and
 * gzipped; a third party's count with what the browser received.
 */
export function firstViewFromFetched(
  fetched: FetchedScript[],
  origin: string,
  clientDir: string,
): FirstViewJs {
  const files = new Map<string, ScriptFile>();
  for (const script of fetched) {
    const url = new URL(script.url);
    if (url.origin === origin) {
      const file = readClientFile(clientDir, url.pathname);
      if (file) {
        files.set(url.pathname, file);
        continue;
      }
    }
    files.set(script.url, { path: script.url, bytes: script.resourceSize, gzipBytes: script.transferSize });
  }
  return summarise('lighthouse', [...files.values()]);
}

/** The slice of Vite's manifest (dist/client/.vite/manifest.json) that says what a chunk imports. */
export type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * Without a browser: the module scripts and modulepreloads the server put in the page, and everything
 * they import statically (from Vite's manifest). Dynamic imports after hydration are not in it; the
 * first page's chunk is, because the server preloads it.
 */
export function firstViewFromHtml(html: string, manifest: Manifest, clientDir: string): FirstViewJs {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, { key, chunk }]));
  const seen = new Set<string>();
  const visit = (sitePath: string) => {
    if (seen.has(sitePath)) return;
    seen.add(sitePath);
    for (const key of byFile.get(sitePath)?.chunk.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(`/${imported.file}`);
    }
  };
  for (const src of scriptUrlsInHtml(html)) visit(src);
  const files = [...seen].flatMap((p) => readClientFile(clientDir, p) ?? []);
  return summarise('html', files);
}

/**
 * `<script type="module" src>` and `<link rel="modulepreload" href>` of our own origin, in order, then
 * the modules the boot data block lists for the entry script to preload once the page is painted.
 */
export function scriptUrlsInHtml(html: string): string[] {
  const urls: string[] = [];
  const ours = (url: string | undefined) => {
    if (url?.startsWith('/') && !url.startsWith('//')) urls.push(url);
  };
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isModuleScript = /^<script/i.test(tag) && /\btype=["']?module/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
    if (isModuleScript || isPreload) ours(/\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1]);
  }
  for (const url of bootPreloads(html)) ours(url);
  return [...new Set(urls)];
}

/** `assets.preloads` of the page's boot data block (web/src/app/data-blocks.ts), if it has one. */
function bootPreloads(html: string): string[] {
  const text = /<script id="pitchside-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) return [];
  try {
    const preloads = (JSON.parse(text) as { assets?: { preloads?: unknown } }).assets?.preloads;
    return Array.isArray(preloads) ? preloads.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function readClientFile(clientDir: string, sitePath: string): ScriptFile | null {
  const file = path.join(clientDir, path.normalize(sitePath).replace(/^([/\\])+/, ''));
  if (!file.startsWith(clientDir) || !existsSync(file)) return null;
  const content = readFileSync(file);
  return { path: sitePath, bytes: content.length, gzipBytes: gzipSync(content).length };
}

function summarise(source: FirstViewJs['source'], files: ScriptFile[]): FirstViewJs {
  return {
    source,
    files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}
