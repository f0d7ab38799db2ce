// @ts-check
/**
 * A page-render thread (see render-pool.ts). Plain JavaScript on purpose: a worker thread starts without
 * the TypeScript loader the gateway may run under, and all it runs is the web app's built renderer
 * (web/dist/server/entry-server.js). Protocol, by render id:
 *   in:  { type: 'render', id, request, config } | { type: 'abort', id }
 *   out: { type: 'result', id, result }  the head: a redirect (done), or a page's status and headers
 *        { type: 'chunk', id, bytes }     the document, in order (ArrayBuffers transferred, not copied)
 *        { type: 'end', id } | { type: 'error', id, error } | { type: 'log', error }
 */
import { Buffer } from 'node:buffer';
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { setImmediate } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';

if (!parentPort) throw new Error('render-worker.mjs runs as a worker thread');
const port = parentPort;

/** @param {unknown} error */
const describe = (error) =>
  error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };

/**
 * How much lower than the gateway's own thread a render thread runs (added to its nice value, at most 19). Where the
 * two share a core, the thread that answers requests (pages from the cache among them) and fans goals out
 * gets about nine tenths of it while a render is under way; on an idle core a render runs at full speed.
 * Most renders are background refreshes of a kept page nobody waits for.
 */
const RENDER_NICENESS = 10;

/** Linux lets one thread of a process be niced on its own (setpriority on its thread id). */
function lowerThisThreadsPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + RENDER_NICENESS));
  } catch {
    // Not Linux (no /proc/thread-self), or not allowed: renders keep the gateway's priority.
  }
}
lowerThisThreadsPriority();

const { serverEntry, manifest, apiBase } = workerData;
const entry = await import(pathToFileURL(serverEntry).href);
const render = entry.createRenderer({
  manifest,
  apiBase,
  onError: (/** @type {unknown} */ error) => port.postMessage({ type: 'log', error: describe(error) }),
});

/** Renders under way: id -> their abort. */
const running = new Map();

port.on('message', (message) => {
  if (message.type === 'abort') running.get(message.id)?.();
  else if (message.type === 'render') void renderOne(message.id, message.request, message.config);
});

/**
 * @param {number} id
 * @param {{ url: string; headers: Record<string, string | string[] | undefined> }} request
 * @param {unknown} config
 */
async function renderOne(id, request, config) {
  try {
    const result = await render(request, config);
    if (result.kind === 'redirect') {
      port.postMessage({ type: 'result', id, result });
      return;
    }
    port.postMessage({
      type: 'result',
      id,
      result: { kind: 'page', status: result.status, headers: result.headers },
    });
    running.set(id, () => result.abort());
    result.pipe(batchedSink(id));
  } catch (error) {
    running.delete(id);
    port.postMessage({ type: 'error', id, error: describe(error) });
  }
}

/**
 * React writes the document in small pieces; they go to the gateway's thread together, once per turn of
 * this thread's event loop, in one transferred buffer.
 * @param {number} id
 */
function batchedSink(id) {
  /** @type {Uint8Array[]} */
  let pending = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const size = pending.reduce((n, c) => n + c.byteLength, 0);
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of pending) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    pending = [];
    port.postMessage({ type: 'chunk', id, bytes }, [bytes.buffer]);
  };
  return new Writable({
    write(chunk, _encoding, callback) {
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      callback();
    },
    final(callback) {
      flush();
      running.delete(id);
      port.postMessage({ type: 'end', id });
      callback();
    },
    destroy(error, callback) {
      running.delete(id);
      if (error) port.postMessage({ type: 'error', id, error: describe(error) });
      callback(error);
    },
  });
}
