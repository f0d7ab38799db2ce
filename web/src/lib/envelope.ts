import type { ErrorBody } from '@pitchside/shared/errors';
import type { Ack } from '@pitchside/shared/protocol';

/** The part of a zod schema we use: shared's schemas fit it, and web needs no direct dependency on zod. */
export interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

/**
 * A parser fetched the first time it is needed. Shared's schemas, and zod with them (about 27 KiB
 * gzipped), are not part of a page's first view: that view is hydrated from the data the server already
 * read and parsed, so nothing needs parsing in the browser until a client-side navigation, a refresh or
 * the live socket brings new data. Every such payload is still parsed with its schema, only later.
 */
export interface LazyParser<T> {
  load(): Promise<Parser<T>>;
}

export type ParserSource<T> = Parser<T> | LazyParser<T>;

type ChunkGuard = <M>(load: () => Promise<M>) => Promise<M>;
let guardChunk: ChunkGuard = (load) => load();

/**
 * How a parser chunk that fails to load is handled: the browser entry installs the app's chunk guard
 * (reload once, as for a page chunk: app/navigation/chunk-guard.ts); elsewhere the error goes on.
 */
export function guardParserChunks(guard: ChunkGuard): void {
  guardChunk = guard;
}

/**
 * `load` imports the module that builds the parsers (a chunk of its own, cached by the module loader);
 * `pick` chooses one. A failed import is not remembered, so the next call tries again.
 */
export function lazyParser<M, T>(load: () => Promise<M>, pick: (module: M) => Parser<T>): LazyParser<T> {
  return { load: () => guardChunk(load).then(pick) };
}

export const resolveParser = <T>(source: ParserSource<T>): Promise<Parser<T>> =>
  'load' in source ? source.load() : Promise.resolve(source);

/**
 * Reads an envelope at the boundary: `{data}` is parsed with its schema, `{error}` passed on, and anything
 * else becomes 'server:internal' so the page can say that something went wrong instead of crashing.
 * What the gateway answers, over REST and in socket acks alike, is shared's `Ack`.
 */
export function readEnvelope<T>(raw: unknown, parser: Parser<T>): Ack<T> {
  if (isRecord(raw) && 'data' in raw) {
    const parsed = parser.safeParse(raw.data);
    if (parsed.success) return { data: parsed.data };
    console.warn('Unexpected payload from the server', parsed.error.issues);
  } else if (isRecord(raw) && isRecord(raw.error) && typeof raw.error.code === 'string') {
    return { error: raw.error as unknown as ErrorBody };
  }
  return { error: { code: 'server:internal', message: 'Unexpected answer from the server.' } };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
