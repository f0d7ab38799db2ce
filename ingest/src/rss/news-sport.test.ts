import { describe, expect, it } from 'vitest';
import { categoryWords, linkWords } from './feed-words.ts';
import { sportNamed } from './news-sport.ts';

describe('sportNamed', () => {
  it('reads the sport from the link paths of the BBC, ESPN and the Guardian', () => {
    const of = (link: string) => sportNamed(linkWords(link));
    expect(of('https://www.bbc.co.uk/sport/football/articles/c33kvgd3xpyo?at_medium=RSS')).toEqual({
      covered: 'football',
    });
    expect(of('https://www.bbc.com/sport/cricket/articles/cx0000000002o')).toEqual({ other: 'cricket' });
    expect(of('https://www.bbc.com/sport/american-football/articles/x')).toEqual({
      other: 'american-football',
    });
    expect(of('https://www.espn.com/soccer/story/_/id/49739360/transfer-rumors')).toEqual({
      covered: 'football',
    });
    expect(of('https://www.espn.com/nba/story/_/id/1/x')).toEqual({ covered: 'basketball' });
    expect(of('https://www.theguardian.com/football/2026/nov/07/report')).toEqual({ covered: 'football' });
    // "sport", "articles", "sounds" name no sport.
    expect(of('https://www.bbc.co.uk/sport/articles/cew91j189v2o')).toBeNull();
    expect(of('https://www.bbc.co.uk/sounds/play/p0p6hm58')).toBeNull();
  });

  it('reads the sport from categories, whole words only', () => {
    const of = (...categories: Parameters<typeof categoryWords>[0][]) =>
      sportNamed(categories.flatMap(categoryWords));
    expect(of({ domain: 'https://www.theguardian.com/sport/rugby-union', text: 'Rugby union' })).toEqual({
      other: 'rugby-union',
    });
    expect(of({ term: 'basketball', label: 'Basketball' })).toEqual({ covered: 'basketball' });
    // A team or a competition is not a sport: "England cricket team", "FA Cup", "Sport".
    expect(of({ text: 'England cricket team' }, { text: 'FA Cup' }, { text: 'Sport' })).toBeNull();
    // A covered sport among others wins; only others, and the item is not ours.
    expect(of({ text: 'Tennis' }, { text: 'Football' })).toEqual({ covered: 'football' });
    expect(of({ text: 'Tennis' }, { text: 'Cycling' })).toEqual({ other: 'tennis' });
  });
});
