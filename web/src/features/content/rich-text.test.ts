import { describe, expect, it } from 'vitest';
import { parseRich, plainText, richTags } from './rich-text.ts';

describe('rich text', () => {
  it('splits text around wrapping and self-closing tags', () => {
    expect(parseRich('Read the <faq>FAQ</faq> or write to <support/>.')).toEqual([
      'Read the ',
      { tag: 'faq', inner: 'FAQ' },
      ' or write to ',
      { tag: 'support', inner: null },
      '.',
    ]);
  });

  it('leaves text without tags, and markup that is not a tag pair, as it is', () => {
    expect(parseRich('Scores < 3 and > 1')).toEqual(['Scores < 3 and > 1']);
    expect(parseRich('<b>bold</i> text')).toEqual(['<b>bold</i> text']);
    expect(parseRich('')).toEqual([]);
  });

  it('lists the tags in order, marking self-closing ones', () => {
    expect(richTags('<live>a</live> b <support/> <live>c</live>')).toEqual(['live', 'support/', 'live']);
  });

  it('gives the plain text, with self-closing tags replaced', () => {
    expect(plainText('Write to <support/> or see the <faq>FAQ</faq>.', { support: 'help@example.org' })).toBe(
      'Write to help@example.org or see the FAQ.',
    );
  });
});
