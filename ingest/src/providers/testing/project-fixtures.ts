import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reply } from './recorded-server.ts';

/**
 * The project's own provider fixtures (`ingest/test/fixtures`, see its README.md and each folder's
 * SOURCES.md): real recorded responses, trimmed where they were long, and a few built from the providers'
 * documented schemas where no recording exists. Unlike `../shared/data` they ship with the repository, so
 * the conformance suites never skip, and `npm run peer:recorded` serves them.
 */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../test/fixtures/', import.meta.url));

export const readFixtureText = (relativePath: string): string =>
  readFileSync(join(FIXTURES_DIR, relativePath), 'utf8');

export const readFixtureJson = (relativePath: string): unknown => JSON.parse(readFixtureText(relativePath));

/** The `{status, headers, body}` shape of `*.recorded-http.json` and `*.built-http.json`. */
export interface HttpExchange {
  status: number;
  headers: Record<string, string[]>;
  /** The response body as the provider sent it (a JSON document, as a string). */
  body: string;
}

export const readExchange = (relativePath: string): HttpExchange =>
  readFixtureJson(relativePath) as HttpExchange;

/**
 * A fixture exchange as a recorded-server reply: status, headers and body as recorded. The encoding headers
 * go, as in `recordedReply`: the recording holds the body already decompressed.
 */
export function fixtureReply(relativePath: string): Reply {
  const exchange = readExchange(relativePath);
  const headers = Object.fromEntries(
    Object.entries(exchange.headers).filter(
      ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name.toLowerCase()),
    ),
  );
  return { status: exchange.status, headers, body: exchange.body };
}
