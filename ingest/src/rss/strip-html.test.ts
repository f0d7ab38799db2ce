import { describe, expect, it } from 'vitest';
import { stripHtml } from './strip-html.ts';

describe('stripHtml', () => {
  it('decodes every named entity with its case, and numeric references', () => {
    expect(
      stripHtml('&Oslash;degaard &Eacute;der &eacute; &Aring;se &ccaron; &hearts; &#8211; &#x2014;'),
    ).toBe('Ødegaard Éder é Åse č ♥ – —');
  });

  it('decodes entities escaped twice, as CMSs write them inside CDATA and escaped HTML', () => {
    expect(stripHtml('Caf&amp;eacute; &amp;Oslash;stergaard&amp;rsquo;s &amp;quot;first&amp;quot;')).toBe(
      'Café Østergaard’s "first"',
    );
    expect(stripHtml('&lt;p&gt;Kova&amp;ccaron;i&amp;ccaron;&amp;nbsp;wins&lt;/p&gt;')).toBe('Kovačič wins');
  });

  it('leaves an ampersand without a semicolon as written', () => {
    expect(stripHtml('Q&notes, AT&T &copy 2026, R&B')).toBe('Q&notes, AT&T &copy 2026, R&B');
  });

  it('drops tags, scripts and comments, and keeps words apart across blocks', () => {
    expect(stripHtml('<p>One</p><p>two <b>three</b></p><script>x()</script><!-- c --><br>four')).toBe(
      'One two three four',
    );
  });
});
