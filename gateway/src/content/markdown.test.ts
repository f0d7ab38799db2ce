import { describe, expect, it } from 'vitest';
import { expectInert } from '@pitchside/test-support/inert-html';
import { renderMarkdown } from './markdown.ts';

/** The attributes of every tag of the output, in order. */
const attributes = (html: string) =>
  [...html.matchAll(/<[a-z][a-z0-9]*\b([^>]*)>/gi)].map(([, attrs]) =>
    Object.fromEntries([...attrs!.matchAll(/\s([a-z-]+)="([^"]*)"/gi)].map(([, k, v]) => [k!, v!])),
  );

describe('renderMarkdown', () => {
  it.each([
    ['a script element', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n'],
    ['an image with onerror', '<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>\n'],
    [
      'a raw iframe',
      '<iframe src="/x"></iframe>',
      '<p>&lt;iframe src=&quot;/x&quot;&gt;&lt;/iframe&gt;</p>\n',
    ],
    [
      'a raw html block',
      '<div onclick="x()">\nhi\n</div>',
      '<p>&lt;div onclick=&quot;x()&quot;&gt;\nhi\n&lt;/div&gt;</p>\n',
    ],
    ['escaped entities stay text', '&lt;script&gt;', '<p>&lt;script&gt;</p>\n'],
    ['an entity-encoded tag stays text', '&#60;script&#62;', '<p>&lt;script&gt;</p>\n'],
  ])('escapes %s', (_name, source, expected) => {
    const html = renderMarkdown(source);
    expect(html).toBe(expected);
    expectInert(html);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    '&#106;avascript:alert(1)',
    'java\tscript:alert(1)',
    '%6Aavascript:alert(1)',
    ' javascript:alert(1)',
    '<javascript:alert(1)>',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '//evil.example/x',
    '/\\evil.example/x',
    'relative/path',
  ])('refuses the link %j', (target) => {
    for (const source of [`[click](${target})`, `[click][r]\n\n[r]: ${target}`, `![pic](${target})`]) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/<a |<img /);
      expectInert(html);
    }
  });

  it('autolinks refuse script schemes as well', () => {
    for (const source of ['<javascript:alert(1)>', '<vbscript:alert(1)>', '<data:text/html,x>']) {
      const html = renderMarkdown(source);
      expect(html, source).not.toContain('<a ');
      expectInert(html);
    }
  });

  it('keeps http(s), mailto and site links; external ones are marked', () => {
    expect(
      renderMarkdown('[a](https://example.com/x) [b](/en/faq) [c](mailto:help@example.com) [d](#top)'),
    ).toBe(
      '<p><a href="https://example.com/x" rel="nofollow noopener noreferrer ugc">a</a> <a href="/en/faq">b</a> ' +
        '<a href="mailto:help@example.com">c</a> <a href="#top">d</a></p>\n',
    );
    expect(renderMarkdown('see http://example.com')).toBe(
      '<p>see <a href="http://example.com" rel="nofollow noopener noreferrer ugc">http://example.com</a></p>\n',
    );
  });

  it('keeps https and site images only; others become their alt text', () => {
    expect(renderMarkdown('![crest](https://img.example/a.png)')).toBe(
      '<p><img src="https://img.example/a.png" alt="crest" loading="lazy"></p>\n',
    );
    expect(renderMarkdown('![crest](/images/a.png)')).toBe(
      '<p><img src="/images/a.png" alt="crest" loading="lazy"></p>\n',
    );
    expect(renderMarkdown('![crest <b>x</b>](http://img.example/a.png)')).toBe(
      '<p>crest &lt;b&gt;x&lt;/b&gt;</p>\n',
    );
    expect(renderMarkdown('![x" onerror="alert(1)](https://img.example/a.png)')).toBe(
      '<p><img src="https://img.example/a.png" alt="x&quot; onerror=&quot;alert(1)" loading="lazy"></p>\n',
    );
  });

  it('attribute breakouts in link titles and URLs are escaped', () => {
    const html = renderMarkdown('[a](https://example.com/"onmouseover="alert(1) "t\\" onclick=\\"x")');
    expectInert(html);
    expect(attributes(html)[1]).toEqual({
      href: 'https://example.com/%22onmouseover=%22alert(1)',
      title: 't&quot; onclick=&quot;x',
      rel: 'nofollow noopener noreferrer ugc',
    });
  });
});
