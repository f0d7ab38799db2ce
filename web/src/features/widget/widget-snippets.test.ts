import { describe, expect, it } from 'vitest';
import {
  embedUrl,
  iframeSnippet,
  isComplete,
  scriptSnippet,
  type WidgetSettings,
} from './widget-snippets.ts';

const live: WidgetSettings = { scope: 'live', id: null, theme: 'light', lang: 'en', size: 'regular' };
const league: WidgetSettings = { scope: 'competition', id: '39', theme: 'dark', lang: 'de', size: 'compact' };

describe('widget snippets', () => {
  it('addresses the embed with its options, and an id only where the scope has one', () => {
    expect(embedUrl(live)).toBe('/embed/scores?scope=live&theme=light&lang=en&size=regular');
    expect(embedUrl({ ...live, id: '39' }, 'https://p.example/')).toBe(
      'https://p.example/embed/scores?scope=live&theme=light&lang=en&size=regular',
    );
    expect(embedUrl(league, 'https://p.example')).toBe(
      'https://p.example/embed/scores?scope=competition&id=39&theme=dark&lang=de&size=compact',
    );
  });

  it('gives out code only once a competition or team widget has its id', () => {
    expect(isComplete(live)).toBe(true);
    expect(isComplete({ ...league, id: null })).toBe(false);
    expect(isComplete(league)).toBe(true);
  });

  it('writes a link that widget.js upgrades, and a sandboxed iframe, with text escaped', () => {
    const script = scriptSnippet(league, 'https://p.example', '/de/league/39', 'Scores <live> & more');
    expect(script).toBe(
      '<a class="pitchside-widget" href="https://p.example/de/league/39" data-scope="competition" data-id="39"' +
        ' data-theme="dark" data-lang="de" data-size="compact">Scores &lt;live> &amp; more</a>\n' +
        '<script async src="https://p.example/widget.js"></script>',
    );
    const frame = iframeSnippet(live, 'https://p.example', 'Live "scores"');
    expect(frame).toContain(
      'src="https://p.example/embed/scores?scope=live&amp;theme=light&amp;lang=en&amp;size=regular"',
    );
    expect(frame).toContain('title="Live &quot;scores&quot;"');
    expect(frame).toContain(
      'sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"',
    );
  });
});
