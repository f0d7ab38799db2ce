import { describe, expect, it } from 'vitest';
import { kindNamed, newsKind } from './news-kind.ts';

describe('newsKind', () => {
  it('finds previews', () => {
    expect(newsKind('Arsenal v Chelsea: team news and predictions')).toBe('preview');
    expect(newsKind('Real Madrid vs. Barcelona')).toBe('preview');
    expect(newsKind('Liverpool vs Man City preview')).toBe('preview');
  });

  it('finds reports by word or scoreline', () => {
    expect(newsKind('Arsenal 2-1 Chelsea: Saka double')).toBe('report');
    expect(newsKind('Arsenal v Chelsea 2 - 1 as it happened')).toBe('report');
    expect(newsKind('Match report: Celtic crash out')).toBe('report');
  });

  it('leaves the rest as news, seasons and fees included', () => {
    expect(newsKind('What are the key dates for the 2026-27 football season?')).toBe('news');
    expect(newsKind('Liverpool close in on £120m deal for Barcola')).toBe('news');
    expect(newsKind('Liverpool-Spurs, Utd-Brighton in Carabao Cup R3')).toBe('news');
    expect(newsKind('Play the new Match of the Day Predictor game')).toBe('news');
  });
});

describe('kindNamed', () => {
  it('reads the kind the feed gave: Guardian tone tags, Atom terms and labels', () => {
    expect(kindNamed(['tone', 'matchreports'])).toBe('report');
    expect(kindNamed(['tone', 'matchpreviews'])).toBe('preview');
    expect(kindNamed(['tone', 'minutebyminute'])).toBe('report');
    expect(kindNamed(['preview'])).toBe('preview');
    expect(kindNamed(['match-report'])).toBe('report');
    expect(kindNamed(['news', 'report'])).toBe('report');
    expect(kindNamed(['tone', 'news'])).toBe('news');
    expect(kindNamed(['football', 'fa-cup'])).toBeNull();
  });
});
