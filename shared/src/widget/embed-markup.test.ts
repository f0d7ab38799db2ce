import { describe, expect, it } from 'vitest';
import { buildMatch, liveMatch } from '../testing/builders.ts';
import { embedGroupHtml, embedRowHtml } from './embed-markup.ts';

describe('the widget row markup', () => {
  const context = {
    matchUrl: 'https://pitchside.example/en/match/',
    crests: true,
    clock: "67'",
    newTab: '(new tab)',
    notes: [] as string[],
    outcome: '',
  };

  it('writes a live row with its link, clock, teams, score and the data the script updates it by', () => {
    const match = liveMatch(2, 1, 67, {
      id: 'm:1',
      home: { id: '1', name: 'Rovers', logo: 'https://img.example/1.png' },
    });
    const html = embedRowHtml({ match, epoch: 'e1', seq: 7 }, context);
    expect(html).toMatch(
      /^<li class="pw-row" data-match-id="m:1" data-status="second_half" data-live="true" data-seq="e1:7">/,
    );
    expect(html).toContain('href="https://pitchside.example/en/match/m%3A1"');
    expect(html).toContain('<span class="pw-clock" data-role="clock">67&#39;</span>');
    expect(html).toContain('<span class="pw-score" data-role="score">2 - 1</span>');
    expect(html).toContain('<img class="pw-crest" src="https://img.example/1.png"');
    expect(html.endsWith('</a></li>')).toBe(true);
  });

  it("writes a decided match's marks beside the score and the sentence naming its winner", () => {
    const match = { ...liveMatch(1, 1, 120, { id: 'pens' }), status: 'finished' as const };
    const html = embedRowHtml(
      { match, epoch: 'e', seq: 9 },
      { ...context, clock: 'FT', notes: ['AET', '4–3 pens'], outcome: 'Rovers win 4–3 on penalties' },
    );
    expect(html).toContain(
      '<span class="pw-result"><span class="pw-score" data-role="score">1 - 1</span>' +
        '<span class="pw-notes" data-role="notes"><span class="pw-note">AET</span><span class="pw-note">4–3 pens</span></span></span>',
    );
    expect(html).toContain('<span class="pw-outcome" data-role="outcome">Rovers win 4–3 on penalties</span>');
  });

  it('escapes what comes from the provider: a team name or a crest address cannot add markup', () => {
    const match = buildMatch({
      id: 'x',
      kickoff: '2026-11-25T20:00:00.000Z',
      home: { id: '1', name: 'Real <Madrid>', logo: 'https://img.example/"onerror="alert(1)' },
      away: { id: '2', name: '</a><script>alert(1)</script>', logo: null },
    });
    const html = embedRowHtml({ match, epoch: 'e', seq: 1 }, { ...context, clock: '20:00' });
    expect(html).toContain('Real &lt;Madrid&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('src="https://img.example/&quot;onerror=&quot;alert(1)"');
    expect(html).toContain('data-kickoff="2026-11-25T20:00:00.000Z"');
    expect(embedGroupHtml({ id: '39', name: 'A & B' }, true, '')).toBe(
      '<section class="pw-group" data-competition-id="39"><h2 class="pw-group-name">A &amp; B</h2><ul class="pw-list"></ul></section>',
    );
  });
});
