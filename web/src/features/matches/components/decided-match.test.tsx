import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { LANGUAGES, type Language } from '@pitchside/shared/constants';
import type { Match, MatchEvent } from '@pitchside/shared/domain';
import { buildEvent, buildMatch } from '@pitchside/shared/testing';
import { VisitContext, type Visit } from '../../../lib/visit.ts';
import { detectDevice } from '../../../lib/detect-device.ts';
import { createI18n } from '../../../lib/i18n/create-i18n.ts';
import { LiveMatchRow } from '../../../components/live-match-row.tsx';
import { MatchHeader } from './match-header.tsx';
import { MatchTimeline } from './match-timeline.tsx';

const read = (lang: Language, namespace: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(new URL(`../../../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
const messages = (lang: Language) => ({ common: read(lang, 'common'), match: read(lang, 'match') });

const visit: Visit = {
  config: { publicBaseUrl: 'https://pitchside.example', tagManagerSrc: null, liveChatSrc: null },
  device: detectDevice(''),
  timeZone: 'UTC',
} as Visit;

function render(lang: Language, node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang, messages(lang))}>
      <VisitContext.Provider value={visit}>
        <MemoryRouter>{node}</MemoryRouter>
      </VisitContext.Provider>
    </I18nextProvider>,
  );
}

/**
 * The text of every element carrying `data-testid="id"` in server markup: from its opening tag to the
 * matching close of the same tag, tags stripped, entities decoded, spaces collapsed.
 */
function texts(html: string, id: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(new RegExp(`<(\\w+)[^>]*data-testid="${id}"[^>]*>`, 'g'))) {
    const start = m.index + m[0].length;
    const tags = new RegExp(`<(/?)${m[1]}\\b[^>]*>`, 'g');
    tags.lastIndex = start;
    let depth = 1;
    let end = html.length;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    out.push(
      decode(html.slice(start, end).replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return out;
}

const decode = (text: string): string =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Atlético Madrid 2-1 Inter after extra time (2-1 at 90), 3-2 on penalties: API-Football fixture 1149519. */
const atletico: Match = buildMatch({
  id: '1149519',
  competition: {
    id: '2',
    name: 'UEFA Champions League',
    type: 'cup',
    country: 'World',
    season: 2023,
    logo: null,
  },
  round: 'Round of 16',
  kickoff: '2024-03-13T20:00:00Z',
  status: 'finished_pen',
  clock: { elapsed: 120, stoppage: null },
  home: { id: '530', name: 'Atletico Madrid', logo: null },
  away: { id: '505', name: 'Inter', logo: null },
  score: {
    current: { home: 2, away: 1 },
    halftime: { home: 1, away: 1 },
    fulltime: { home: 2, away: 1 },
    extratime: { home: 0, away: 0 },
    penalties: { home: 3, away: 2 },
    winner: 'home',
  },
});

const kick = (n: number, teamId: string, name: string, scored: boolean): MatchEvent =>
  buildEvent({
    id: `1149519-kick-${n}`,
    kind: scored ? 'shootout_scored' : 'shootout_missed',
    minute: 120,
    stoppage: null,
    teamId,
    player: { id: null, name },
    detail: null,
    kick: n,
  });

// As API-Football lists them: reversed.
const kicks = [
  kick(9, '505', 'L. Martínez', false),
  kick(8, '530', 'Á. Correa', true),
  kick(7, '505', 'F. Acerbi', true),
  kick(6, '530', 'Rodrigo Riquelme', true),
  kick(5, '505', 'D. Klaassen', false),
  kick(4, '530', 'Saúl', false),
  kick(3, '505', 'A. Sánchez', false),
  kick(2, '530', 'M. Depay', true),
  kick(1, '505', 'H. Çalhanoğlu', true),
];
const play = [
  buildEvent({ id: 'g1', kind: 'goal', minute: 33, teamId: '505', player: { id: '1', name: 'F. Dimarco' } }),
  buildEvent({
    id: 'g2',
    kind: 'goal',
    minute: 35,
    teamId: '530',
    player: { id: '2', name: 'A. Griezmann' },
  }),
  buildEvent({ id: 'g3', kind: 'goal', minute: 87, teamId: '530', player: { id: '3', name: 'M. Depay' } }),
  buildEvent({
    id: 's6',
    kind: 'substitution',
    minute: 105,
    teamId: '530',
    player: { id: '4', name: 'Saúl' },
    related: { id: '2', name: 'A. Griezmann' },
    number: 6,
  }),
];

describe('a match decided on penalties, as a fan sees it', () => {
  it('the header: 2-1 after 120 minutes, the shoot-out beside it, the winner named, in English and German', () => {
    const en = render('en', <MatchHeader match={atletico} />);
    expect(texts(en, 'match-score-home')).toEqual(['2']);
    expect(texts(en, 'match-score-away')).toEqual(['1']);
    expect(texts(en, 'match-penalties')).toEqual(['Penalties 3–2']);
    expect(texts(en, 'match-status')).toEqual(['After extra time and penalties']);
    expect(texts(en, 'match-outcome')).toEqual(['Atletico Madrid win 3–2 on penalties']);

    const de = render('de', <MatchHeader match={atletico} />);
    expect(texts(de, 'match-penalties')).toEqual(['Elfmeterschießen 3:2']);
    expect(texts(de, 'match-status')).toEqual(['Nach Verlängerung und Elfmeterschießen']);
    expect(texts(de, 'match-outcome')).toEqual(['Atletico Madrid gewinnt 3:2 im Elfmeterschießen']);
  });

  it('names the away side when it wins the shoot-out, its score first', () => {
    const away = buildMatch({
      ...atletico,
      score: { ...atletico.score, penalties: { home: 4, away: 5 }, winner: 'away' },
    });
    expect(texts(render('en', <MatchHeader match={away} />), 'match-outcome')).toEqual([
      'Inter win 5–4 on penalties',
    ]);
    expect(texts(render('fr', <MatchHeader match={away} />), 'match-outcome')).toEqual([
      'Inter s’impose 5–4 aux tirs au but',
    ]);
  });

  it('a list row: the score after 120, "AET" and the shoot-out under it, the winner on a line of its own', () => {
    const html = render('en', <LiveMatchRow match={atletico} href="/en/match/1149519" />);
    expect(texts(html, 'live-row-score')).toEqual(['2 - 1']);
    expect(texts(html, 'score-notes')).toEqual(['AET 3–2 pens']);
    expect(texts(html, 'live-row-outcome')).toEqual(['Atletico Madrid win 3–2 on penalties']);
    const it = render('it', <LiveMatchRow match={atletico} href="/it/match/1149519" />);
    expect(texts(it, 'score-notes')).toEqual(['d.t.s. 3–2 d.c.r.']);
    expect(texts(it, 'live-row-outcome')).toEqual(['Atletico Madrid vince 3–2 ai rigori']);
  });

  it('the timeline: the shoot-out as its own section, kicks in the order taken with the running score, none as a minute of play', () => {
    const html = render(
      'en',
      <MatchTimeline
        events={[...kicks, ...play]}
        homeTeamId="530"
        status="finished_pen"
        score={atletico.score}
      />,
    );
    expect(texts(html, 'shootout-score')).toEqual(['3–2']);
    expect(texts(html, 'shootout-kick')).toEqual([
      // Read across the row: home kicks left of the running score, away kicks right of it.
      '1 0–1 Penalty scored H. Çalhanoğlu',
      '2 Penalty scored M. Depay 1–1',
      '3 1–1 Penalty missed A. Sánchez',
      '4 Penalty missed Saúl 1–1',
      '5 1–1 Penalty missed D. Klaassen',
      '6 Penalty scored Rodrigo Riquelme 2–1',
      '7 2–2 Penalty scored F. Acerbi',
      '8 Penalty scored Á. Correa 3–2',
      '9 3–2 Penalty missed L. Martínez',
    ]);
    const played = texts(html, 'timeline-event');
    expect(played).toEqual([
      "105' Substitution 6 On: Saúl Off: A. Griezmann",
      "87' Goal M. Depay",
      "35' Goal A. Griezmann",
      "33' Goal F. Dimarco",
    ]);
    expect(html).not.toContain('120+');
    const ru = render(
      'ru',
      <MatchTimeline events={kicks} homeTeamId="530" status="finished_pen" score={atletico.score} />,
    );
    expect(texts(ru, 'shootout-kick')[0]).toBe('1 0:1 Пенальти забит H. Çalhanoğlu');
  });

  it('a shoot-out whose kicks the provider does not send: its score alone, never "nothing has happened", never "ended" while it is on', () => {
    const html = render(
      'en',
      <MatchTimeline events={[]} homeTeamId="530" status="finished_pen" score={atletico.score} />,
    );
    expect(texts(html, 'shootout-score')).toEqual(['3–2']);
    expect(html).toContain('The kicks of this shoot-out were not reported. It ended 3–2.');
    expect(html).not.toContain('Nothing has happened yet');
    // While it is on (football-data's PENALTY_SHOOTOUT), how it stands: it has not ended.
    const live = (lang: Language) =>
      render(
        lang,
        <MatchTimeline
          events={[]}
          homeTeamId="530"
          status="penalties"
          score={{ ...atletico.score, penalties: { home: 1, away: 0 }, winner: null }}
        />,
      );
    expect(live('en')).toContain('The kicks of this shoot-out are not reported. It stands at 1–0.');
    expect(live('de')).toContain('Es steht 1:0.');
    expect(live('en')).not.toContain('ended');
    const finished = render(
      'en',
      <MatchTimeline
        events={[]}
        homeTeamId="530"
        status="finished"
        score={{ ...atletico.score, penalties: { home: null, away: null } }}
      />,
    );
    expect(finished).toContain('No events were reported for this match.');
  });

  it("VAR decisions and a missed penalty in play are told in the visitor's language, not the provider's English", () => {
    const events = [
      buildEvent({
        id: 'v',
        kind: 'var',
        minute: 45,
        stoppage: 3,
        teamId: '505',
        player: { id: '9', name: 'M. Kovac' },
        detail: 'Goal cancelled',
        decision: 'goal_cancelled',
      }),
      buildEvent({
        id: 'm',
        kind: 'missed_penalty',
        minute: 27,
        teamId: '530',
        player: { id: '8', name: 'J. Marsh' },
        detail: null,
      }),
    ];
    const es = render(
      'es',
      <MatchTimeline events={events} homeTeamId="530" status="finished_aet" score={atletico.score} />,
    );
    expect(texts(es, 'timeline-event')).toEqual([
      // The icon draws "VAR" as well as the label.
      "45+3' VAR VAR Gol anulado M. Kovac",
      "27' Penalti fallado J. Marsh",
    ]);
    expect(es).not.toContain('Goal cancelled');
  });

  it('a second leg with its aggregate: the aggregate in the header and the row, the side that goes through named', () => {
    // RFS 2-1 HJK after extra time, HJK through 5-4 on penalties, 2-2 on aggregate (football-data 418518).
    const rfs = buildMatch({
      ...atletico,
      id: '418518',
      home: { id: '7283', name: 'FK Rīgas Futbola Skola', logo: null },
      away: { id: '1882', name: 'Helsingin JK', logo: null },
      score: {
        current: { home: 2, away: 1 },
        halftime: { home: 0, away: 0 },
        fulltime: { home: 2, away: 1 },
        extratime: { home: 0, away: 0 },
        penalties: { home: 4, away: 5 },
        aggregate: { home: 2, away: 2 },
        winner: 'away',
      },
    });
    const header = render('en', <MatchHeader match={rfs} />);
    expect(texts(header, 'match-aggregate')).toEqual(['Aggregate 2–2']);
    expect(texts(header, 'match-outcome')).toEqual(['Helsingin JK win 5–4 on penalties (2–2 on aggregate)']);
    const row = render('nl', <LiveMatchRow match={rfs} href="/nl/match/418518" />);
    expect(texts(row, 'score-notes')).toEqual(['n.v. 4-5 n.s. totaal 2-2']);
    expect(texts(row, 'live-row-outcome')).toEqual([
      'Helsingin JK wint met 5-4 na strafschoppen (over twee duels 2-2)',
    ]);
  });

  it('every language names the winner, without a placeholder left unfilled', () => {
    for (const lang of LANGUAGES) {
      const [line] = texts(render(lang, <MatchHeader match={atletico} />), 'match-outcome');
      expect(line, lang).toContain('Atletico Madrid');
      expect(line, lang).toMatch(/3\s*[–:-]\s*2/);
      expect(line, lang).not.toContain('{{');
    }
  });
});
