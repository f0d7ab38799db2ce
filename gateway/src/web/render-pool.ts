import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { RenderRequest, RenderResult } from '@pitchside/shared/site/render-contract';

/**
 * Server rendering off the gateway's event loop. React renders a page in one synchronous stretch (tens of
 * milliseconds for a busy page); on the thread that also answers requests and fans goals out to sockets,
 * every one of them would wait for it. Render threads (worker_threads running render-worker.mjs, each
 * with its own copy of the web app's renderer) do it instead, and stream the document back in chunks.
 * Loaders still reach the REST API over loopback, served by the gateway's thread.
 */

export type { RenderRequest, RenderResult };

export interface RenderPoolOptions {
  threads: number;
  /** web/dist/server/entry-server.js */
  serverEntry: string;
  manifest: unknown;
  apiBase: string;
  logger: Logger;
}

type FromWorker =
  | {
      type: 'result';
      id: number;
      result: { kind: 'redirect' | 'page'; status: number; headers: Record<string, string> };
    }
  | { type: 'chunk'; id: number; bytes: Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; error: { message: string; stack?: string } }
  | { type: 'log'; error: { message: string; stack?: string } };

interface Pending {
  resolve(result: RenderResult): void;
  reject(error: Error): void;
  /** The document, once the head came. */
  body?: PassThrough;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

const WORKER_FILE = new URL('./render-worker.mjs', import.meta.url);

export class RenderPool {
  private readonly threads: (Thread | null)[];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: RenderPoolOptions) {
    this.threads = Array.from({ length: Math.max(1, options.threads) }, () => null);
  }

  /** Renders on the least busy thread (started on first use, and again after one died). */
  render(request: RenderRequest, config: unknown): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new Error('the render pool is closed'));
    const thread = this.leastBusy();
    const id = this.nextId++;
    return new Promise<RenderResult>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({
        type: 'render',
        id,
        request: { url: request.url, headers: { ...request.headers } },
        config,
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread?.worker.terminate()));
  }

  private leastBusy(): Thread {
    // A slot with no thread yet counts as the least busy: threads start as the load needs them.
    const load = (i: number) => this.threads[i]?.pending.size ?? -1;
    let slot = 0;
    for (let i = 1; i < this.threads.length; i++) if (load(i) < load(slot)) slot = i;
    return (this.threads[slot] ??= this.start(slot));
  }

  private start(slot: number): Thread {
    const { serverEntry, manifest, apiBase, logger } = this.options;
    const worker = new Worker(WORKER_FILE, { workerData: { serverEntry, manifest, apiBase }, execArgv: [] });
    worker.unref(); // the pool never keeps a process alive on its own
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: FromWorker) => this.receive(thread, message));
    const fail = (error: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = null;
      for (const pending of thread.pending.values()) {
        if (pending.body) pending.body.destroy(error);
        else pending.reject(error);
      }
      thread.pending.clear();
    };
    worker.on('error', (error) => {
      logger.error({ err: error }, 'a page-render thread failed');
      fail(error);
    });
    worker.on('exit', (code) => {
      if (!this.closed) logger.warn({ code }, 'a page-render thread exited; the next render starts another');
      fail(new Error(`the page-render thread exited (${code})`));
    });
    return thread;
  }

  private receive(thread: Thread, message: FromWorker): void {
    if (message.type === 'log') {
      this.options.logger.error({ err: message.error }, 'page render failed');
      return;
    }
    const pending = thread.pending.get(message.id);
    if (!pending) return;
    switch (message.type) {
      case 'result': {
        const { result } = message;
        if (result.kind === 'redirect') {
          thread.pending.delete(message.id);
          pending.resolve({ kind: 'redirect', status: result.status, headers: result.headers });
          return;
        }
        const body = new PassThrough();
        body.on('error', () => {}); // passed on to the destination by pipe(), below
        pending.body = body;
        const id = message.id;
        pending.resolve({
          kind: 'page',
          status: result.status,
          headers: result.headers,
          pipe: (destination) => pipeFailing(body, destination),
          abort: () => thread.worker.postMessage({ type: 'abort', id }),
        });
        return;
      }
      case 'chunk':
        pending.body?.write(
          Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
        );
        return;
      case 'end':
        thread.pending.delete(message.id);
        pending.body?.end();
        return;
      case 'error': {
        thread.pending.delete(message.id);
        const error = Object.assign(new Error(message.error.message), { stack: message.error.stack });
        if (pending.body) pending.body.destroy(error);
        else pending.reject(error);
      }
    }
  }
}

/**
 * Pipes the document to `destination`, and a failure of the document (its thread died halfway) to it too:
 * stream.pipe() alone would leave the destination waiting for an end that never comes.
 */
function pipeFailing<W extends NodeJS.WritableStream>(body: PassThrough, destination: W): W {
  const fail = (error: Error) => {
    const writable = destination as unknown as {
      destroy?: (error: Error) => void;
      emit(e: string, x: Error): boolean;
    };
    if (typeof writable.destroy === 'function') writable.destroy(error);
    else writable.emit('error', error);
  };
  if (body.errored) {
    fail(body.errored);
    return destination;
  }
  body.once('error', fail);
  return body.pipe(destination);
}
