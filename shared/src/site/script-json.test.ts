import { describe, expect, it } from 'vitest';
import { scriptJson } from './script-json.ts';

describe('scriptJson', () => {
  const hostile = {
    team: '</script><script>alert(1)</script>',
    upper: '</SCRIPT >',
    comment: '<!-- <script>',
    entity: '&lt;b&gt; & &amp;',
    separators: 'line\u2028paragraph\u2029end',
    nested: [{ name: 'FC </script' }],
  };

  it('a </script> or <!-- inside data cannot end the element or open a comment', () => {
    const out = scriptJson(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    const page = `<script type="application/json" id="data">${out}</script>`;
    // The element ends where we closed it, and only there.
    expect(page.toLowerCase().indexOf('</script')).toBe(page.length - '</script>'.length);
  });

  it('reads back exactly what was written', () => {
    expect(JSON.parse(scriptJson(hostile))).toEqual(hostile);
    expect(JSON.parse(scriptJson('plain'))).toBe('plain');
  });
});
