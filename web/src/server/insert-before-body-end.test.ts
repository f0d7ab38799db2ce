import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { insertBeforeBodyEnd } from './insert-before-body-end.ts';

const through = (chunks: string[], html: () => string) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(insertBeforeBodyEnd(html)));

describe('insertBeforeBodyEnd', () => {
  it('inserts before </body>, even when the tag is split across chunks, computing it only then', async () => {
    let rendered = 'nothing yet';
    const document = '<html><body><main>page</main></body></html>';
    for (let cut = 1; cut < document.length; cut++) {
      rendered = 'nothing yet';
      const out = through([document.slice(0, cut), document.slice(cut)], () => `<i>${rendered}</i>`);
      rendered = 'all of it';
      expect(await out).toBe('<html><body><main>page</main><i>all of it</i></body></html>');
    }
  });

  it('inserts once, at the first </body>, and at the end of a document without one', async () => {
    expect(await through(['<body>a</bo', 'dy>b</body>'], () => '!')).toBe('<body>a!</body>b</body>');
    expect(await through(['<p>no body', '</p>'], () => '!')).toBe('<p>no body</p>!');
  });
});
