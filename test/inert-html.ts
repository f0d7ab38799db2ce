import { expect } from 'vitest';

/**
 * What "rendered inert" means in the tests of markdown and HTML that operators write (guides, page
 * texts): the renderer's unit tests (gateway/src/content) and the content API's (gateway/test) check
 * their output with the same rule.
 */

/**
 * No live markup: only markdown's own elements (no script, iframe, object...), no on* attributes, links
 * and images only to the addresses allowed.
 */
export function expectInert(html: string): void {
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)];
  for (const [tag, name, attrs] of tags) {
    expect(
      [
        'p',
        'a',
        'img',
        'em',
        'strong',
        'code',
        'pre',
        'ul',
        'ol',
        'li',
        'h1',
        'h2',
        'h3',
        'blockquote',
        'br',
        'hr',
      ],
      tag,
    ).toContain(name!.toLowerCase());
    // Only quoted name="value" pairs, none an event handler.
    expect(attrs!.replace(/\s[a-z-]+="[^"]*"/gi, '').trim(), tag).toBe('');
    expect(attrs, tag).not.toMatch(/\son[a-z]+="/i);
    for (const [, attr, value] of attrs!.matchAll(/\s(href|src)="([^"]*)"/gi)) {
      if (attr === 'href') expect(value, tag).toMatch(/^(https?:\/\/|mailto:|\/(?![/\\])|#)/i);
      else expect(value, tag).toMatch(/^(https:\/\/|\/(?![/\\]))/i);
    }
  }
  expect(html).not.toMatch(/<(script|iframe|object|embed|svg|style)/i);
}
