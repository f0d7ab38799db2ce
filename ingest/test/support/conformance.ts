import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { WEB_DIST } from '@pitchside/test-support/stack';
import type { TestRedis } from '@pitchside/test-support/redis';
import type { IngestHandle, IngestOptions } from '../../src/ingest-worker.ts';
import type { GameProvider } from '../../src/providers/provider.ts';
import { startTestGateway, startTestIngest } from './ingest-under-test.ts';

/**
 * What the conformance suites (conformance-*.test.ts, issue 16 §7) share: a clock ingest reads the recordings'
 * days by, the real ingest and the real gateway with the website against a provider's local peer, and a fan's
 * two views of the result, the REST reads and the server-rendered page.
 */

/**
 * A clock that runs at real speed from wherever a test sets it: ingest and the adapter see the recording's day
 * (its fixture window, "kicks off soon", a live match's half), while the provider's per-minute budget still
 * sees real seconds go by.
 */
export class MovingClock {
  private offset = 0;
  readonly now = (): number => Date.now() + this.offset;
  set(iso: string): void {
    this.offset = Date.parse(iso) - Date.now();
  }
}

export interface ConformanceStack {
  ingest: IngestHandle;
  gateway: Awaited<ReturnType<typeof startTestGateway>>;
  fan: Fan;
  close(): Promise<void>;
}

/** The real ingest worker polling `provider`, and the real gateway rendering the built website. */
export async function startConformanceStack(
  t: TestRedis,
  provider: GameProvider,
  options: Partial<IngestOptions> & Pick<IngestOptions, 'intervals'>,
): Promise<ConformanceStack> {
  if (!existsSync(`${WEB_DIST}/server/entry-server.js`)) {
    throw new Error('web/dist is missing: run `npm run build:web` (npm test does it before the tests).');
  }
  const ingest = await startTestIngest(t, provider, options);
  const gateway = await startTestGateway(t, { webDist: WEB_DIST });
  return {
    ingest,
    gateway,
    fan: new Fan(gateway.url),
    async close() {
      await gateway.close();
      await ingest.close();
    },
  };
}

/** What a fan reads: the REST API the pages load, and the page the server sends. */
export class Fan {
  constructor(private readonly url: string) {}

  async rest<T>(path: string): Promise<T> {
    const res = await fetch(`${this.url}${path}`);
    expect(res.status, path).toBe(200);
    return ((await res.json()) as { data: T }).data;
  }

  /** The REST read's status alone: a match not stored yet is a 404. */
  async status(path: string): Promise<number> {
    const res = await fetch(`${this.url}${path}`);
    await res.body?.cancel();
    return res.status;
  }

  async page(path: string): Promise<Page> {
    const res = await fetch(`${this.url}${path}`);
    expect(res.status, path).toBe(200);
    return new Page(await res.text());
  }
}

/** A server-rendered page, read as a fan reads it: the text of its parts. */
export class Page {
  readonly root: HTMLElement;
  /** The page without its scripts: what is on the screen. */
  private readonly visible: HTMLElement;

  constructor(html: string) {
    this.root = parse(html);
    this.visible = parse(html);
    for (const node of this.visible.querySelectorAll('script, style, template')) node.remove();
  }

  /** The text of the first element the selector finds, spaces folded; undefined when there is none. */
  text(selector: string): string | undefined {
    const node = this.root.querySelector(selector);
    return node ? fold(node.text) : undefined;
  }

  texts(selector: string): string[] {
    return this.root.querySelectorAll(selector).map((n) => fold(n.text));
  }

  all(selector: string): HTMLElement[] {
    return this.root.querySelectorAll(selector);
  }

  /** Everything a reader sees, spaces folded (no script's data). */
  get body(): string {
    return fold(this.visible.querySelector('body')?.text ?? '');
  }

  /** The page's JSON-LD blocks, parsed: what a crawler reads. */
  jsonLd(): Record<string, unknown>[] {
    return this.root
      .querySelectorAll('script[type="application/ld+json"]')
      .map((n) => JSON.parse(n.text) as Record<string, unknown>);
  }
}

const fold = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The web app's messages of one language and namespace, to spell what a fan reads in that language. */
export function messages(language: string, namespace = 'common'): Record<string, unknown> {
  const file = join(WEB_DIST, '..', 'src', 'locales', language, `${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** A message by its dotted key with its `{{name}}` placeholders filled. */
export function say(
  texts: Record<string, unknown>,
  key: string,
  values: Record<string, string | number | null | undefined> = {},
): string {
  const template = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  if (typeof template !== 'string') throw new Error(`no message ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`message ${key} wants ${name}`);
    return String(value);
  });
}
