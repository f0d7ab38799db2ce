/** The old-links table: every target is a real page, unknown or inherited names map to nothing. */
import { describe, expect, it } from 'vitest';
import { DEPRECATED_LINKS, deprecatedTarget } from './deprecated-links.ts';
import { STATIC_PAGES } from './pages.ts';

describe('deprecated links', () => {
  it('sends each old slug to a page of the site', () => {
    const pages = new Set(STATIC_PAGES.map((page) => page.path));
    expect(Object.values(DEPRECATED_LINKS).filter((target) => !pages.has(target))).toEqual([]);
    expect(deprecatedTarget('results')).toBe('fixtures-results');
    expect(deprecatedTarget('world-cup-2022')).toBe('league/fifa-world-cup-2022-live-streaming');
    expect(Object.keys(DEPRECATED_LINKS).length).toBeGreaterThan(10);
  });

  it('knows nothing else, not even names every object has', () => {
    for (const slug of ['old-page', 'constructor', '__proto__', 'toString', '//evil.example', ''])
      expect(deprecatedTarget(slug)).toBeNull();
  });
});
