import type { IncomingHttpHeaders } from 'node:http';

/**
 * The contract between the web app's server renderer (web/src/entry-server.tsx, built to
 * web/dist/server/entry-server.js) and the gateway that calls it (gateway/src/web): types only.
 */
export interface RenderRequest {
  /** Path and query, as in IncomingMessage.url. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** What a render answers; the gateway writes it (and may keep a page for the next identical request). */
export type RenderResult =
  | { kind: 'redirect'; status: number; headers: Record<string, string> }
  | {
      kind: 'page';
      status: number;
      headers: Record<string, string>;
      /** Streams the document; `abort` stops a render whose visitor left. */
      pipe<W extends NodeJS.WritableStream>(destination: W): W;
      abort(): void;
    };
