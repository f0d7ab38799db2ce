import { Transform, type TransformCallback } from 'node:stream';

const BODY_END = Buffer.from('</body>');

/**
 * Passes an HTML document through, adding `html()` just before its `</body>`: React writes that tag once
 * everything above it has rendered, so `html()` may depend on the whole render (server side only). Text
 * and data blocks cannot contain the tag (React escapes `<` in text, scriptJson in JSON), so the first
 * one found is the document's. Without one, it goes at the end.
 */
export function insertBeforeBodyEnd(html: () => string): Transform {
  let held = Buffer.alloc(0);
  let inserted = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
      if (inserted) return callback(null, bytes);
      const data = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
      const at = data.indexOf(BODY_END);
      if (at >= 0) {
        inserted = true;
        held = Buffer.alloc(0);
        this.push(data.subarray(0, at));
        this.push(html());
        return callback(null, data.subarray(at));
      }
      // Keep what could be the start of a tag split across chunks.
      const keep = Math.min(data.length, BODY_END.length - 1);
      held = Buffer.from(data.subarray(data.length - keep));
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback: TransformCallback) {
      this.push(held);
      if (!inserted) this.push(html());
      callback();
    },
  });
}
