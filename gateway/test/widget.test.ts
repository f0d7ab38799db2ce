import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompetitionSchema, TeamSchema, type Match } from '@pitchside/shared/domain';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { ReferenceStore } from '@pitchside/ingest/pipeline/reference-store';
import { connectClient, startGateway, type TestGateway } from '@pitchside/test-support/gateway';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';

/**
 * The embeddable widget on a real gateway and Redis: /embed/scores rendered on the server with the scores
 * of now, framable by any site (and nothing else is), its bad options answered with a page and a code,
 * and the host pages' loader /widget.js.
 */
describe('live-score widget', () => {
  let t: TestRedis;
  let gateway: TestGateway;
  let built: TestGateway;
  let webDist: string;
  const get = (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, init);
  const page = async (path: string) => {
    const res = await get(path);
    return { res, html: await res.text() };
  };

  const HOUR = 60 * 60 * 1000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().replace(/\.\d+Z$/, '.000Z');
  const premier = buildMatch().competition;
  const laLiga = { ...premier, id: '140', name: 'La Liga', country: 'Spain' };
  const crest = (id: string) => `https://media.example/teams/${id}.png`;
  const rovers = { id: '1001', name: 'Ashworth Rovers', logo: crest('1001') };
  const city = { id: '1002', name: 'Blackmere City', logo: crest('1002') };
  const madrid = { id: '541', name: 'Real <Madrid>', logo: null };
  const betis = { id: '543', name: 'Real Betis', logo: null };
  const matches: Match[] = [
    liveMatch(2, 1, 67, { id: 'live-pl', kickoff: at(-HOUR), home: rovers, away: city }),
    liveMatch(0, 0, 12, {
      id: 'live-liga',
      kickoff: at(-0.25 * HOUR),
      competition: laLiga,
      home: madrid,
      away: betis,
    }),
    buildMatch({ id: 'later-pl', kickoff: at(3 * HOUR), home: city, away: rovers }),
    { ...liveMatch(3, 0, 90, { id: 'done-pl', kickoff: at(-26 * HOUR), home: rovers }), status: 'finished' },
    buildMatch({ id: 'next-month-pl', kickoff: at(30 * 24 * HOUR), home: rovers, away: city }),
  ];
  // A cup tie decided on penalties after extra time (1-1, 4-3), as the adapters store one.
  const cup = { ...premier, id: '45', name: 'FA Cup', type: 'cup' as const };
  const kingsmoor = { id: '990001', name: 'Kingsmoor County', logo: null };
  const harbour = { id: '990002', name: 'Harbour Athletic', logo: null };
  const shootout = buildMatch({
    id: 'pens-cup',
    competition: cup,
    kickoff: at(-3 * HOUR),
    status: 'finished_pen',
    clock: { elapsed: 120, stoppage: null },
    home: kingsmoor,
    away: harbour,
    score: {
      current: { home: 1, away: 1 },
      halftime: { home: 0, away: 1 },
      fulltime: { home: 1, away: 1 },
      extratime: { home: 0, away: 0 },
      penalties: { home: 4, away: 3 },
      winner: 'home',
    },
  });

  beforeAll(async () => {
    t = await testRedis();
    const store = new MatchStore(t.redis, t.keys);
    for (const match of [...matches, shootout]) await store.ingest({ match });
    const reference = new ReferenceStore(t.redis, t.keys);
    const competition = (c: typeof premier) =>
      CompetitionSchema.parse({ ...c, type: 'league', season: 2026 });
    await reference.saveCompetitions([
      competition(premier),
      competition(laLiga),
      { ...competition(cup), type: 'cup' },
    ]);
    await reference.saveTeams([rovers, city, madrid, betis].map((team) => TeamSchema.parse(team)));
    gateway = await startGateway(t);
    // A website build with only the embed's manifest: enough for the embed page to link its script.
    webDist = mkdtempSync(path.join(tmpdir(), 'pitchside-widget-'));
    mkdirSync(path.join(webDist, 'client', '.vite'), { recursive: true });
    writeFileSync(
      path.join(webDist, 'client', '.vite', 'embed-manifest.json'),
      JSON.stringify({
        'src/embed/embed-client.ts': { file: 'assets/widget-embed-AbC123.js', isEntry: true },
      }),
    );
    built = await startGateway(t, { webDist, publicBaseUrl: 'https://pitchside.example/' });
  });
  afterAll(async () => {
    await gateway?.close();
    await built?.close();
    rmSync(webDist, { recursive: true, force: true });
    await t?.cleanup();
  });

  it('renders the live matches on the server, each linking to its match page in a new tab', async () => {
    const { res, html } = await page('/embed/scores');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=2\b/);
    expect(html).toContain('<html lang="en" class="theme-light size-regular"');
    expect(html).toContain('<h1 class="pw-title">Live scores</h1>');
    const rows = [...html.matchAll(/<li class="pw-row" data-match-id="([^"]+)"/g)].map((m) => m[1]);
    expect(rows.sort()).toEqual(['live-liga', 'live-pl']);
    // Score, minute, names (escaped), crests in the regular size, grouped by competition.
    expect(html).toMatch(
      /data-match-id="live-pl"[^]*?<span class="pw-clock" data-role="clock">67&#39;<\/span>/,
    );
    expect(html).toMatch(
      /data-match-id="live-pl"[^]*?<span class="pw-score" data-role="score">2 - 1<\/span>/,
    );
    expect(html).toContain('Real &lt;Madrid&gt;');
    expect(html).not.toContain('Real <Madrid>');
    expect(html).toContain(`<img class="pw-crest" src="${crest('1001')}"`);
    expect(html).toContain('<h2 class="pw-group-name">La Liga</h2>');
    const host = new URL(gateway.url).host;
    expect(html).toContain(
      `<a class="pw-link" href="http://${host}/en/match/live-pl" target="_blank" rel="noopener">`,
    );
    expect(html).toMatch(
      /<a class="pw-credit" href="http:\/\/[^"]+\/en" target="_blank" rel="noopener">Live scores by Pitchside<\/a>/,
    );
    // What the script needs travels as data, and there is no script to load without a website build.
    expect(html).toContain('<script type="application/json" id="pitchside-embed">');
    expect(html).toContain('"subscriptions":[{"kind":"live"}]');
    expect(html).not.toMatch(/<script src=/);
  });

  it('shows a competition, in the chosen language, theme and size, and links the built embed script', async () => {
    const res = await fetch(
      `${built.url}/embed/scores?scope=competition&id=39&theme=dark&lang=de&size=compact`,
    );
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="de" class="theme-dark size-compact"');
    expect(html).toContain('<h1 class="pw-title">Premier League</h1>');
    const rows = [...html.matchAll(/data-match-id="([^"]+)"/g)].map((m) => m[1]);
    // Today's and yesterday's, not next month's nor La Liga's.
    expect(rows).toEqual(['done-pl', 'live-pl', 'later-pl']);
    expect(html).toMatch(/data-match-id="done-pl"[^]*?data-role="clock">Ende</);
    expect(html).toContain('Liveergebnisse von Pitchside');
    expect(html).toContain('href="https://pitchside.example/de/match/live-pl"');
    expect(html).not.toContain('<img class="pw-crest"'); // compact: names only
    expect(html).toContain('<script src="/assets/widget-embed-AbC123.js" defer></script>');
    expect(html).toContain('"subscriptions":[{"kind":"competition","competitionId":"39"}]');
  });

  it('shows a shoot-out as a fan reads it: the score after 120, "AET" and the shoot-out beside it, the winner named', async () => {
    const { html } = await page('/embed/scores?scope=competition&id=45&lang=de');
    expect(html).toMatch(
      /data-match-id="pens-cup"[^]*?<span class="pw-score" data-role="score">1 - 1<\/span>/,
    );
    expect(html).toContain(
      '<span class="pw-notes" data-role="notes"><span class="pw-note">n. V.</span><span class="pw-note">4:3 i. E.</span></span>',
    );
    expect(html).toContain(
      '<span class="pw-outcome" data-role="outcome">Kingsmoor County gewinnt 4:3 im Elfmeterschießen</span>',
    );
    // The script gets the same words to keep rows current.
    expect(html).toContain('"penalties":"{{team}} gewinnt {{won}}:{{lost}} im Elfmeterschießen"');
    const en = await page('/embed/scores?scope=competition&id=45&lang=en');
    expect(en.html).toContain('>Kingsmoor County win 4–3 on penalties</span>');
  });

  it("shows a team's last results, live match and next fixtures, following its competitions", async () => {
    const { res, html } = await page('/embed/scores?scope=team&id=1001&lang=fr');
    expect(res.status).toBe(200);
    expect(html).toContain('<h1 class="pw-title">Ashworth Rovers</h1>');
    const rows = [...html.matchAll(/data-match-id="([^"]+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(['done-pl', 'live-pl', 'later-pl', 'next-month-pl']);
    expect(html).toContain('Scores en direct par Pitchside');
    expect(html).toContain('"subscriptions":[{"kind":"competition","competitionId":"39"}]');
  });

  it('may be framed by any site, and no other page may', async () => {
    const embed = await get('/embed/scores');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('content-security-policy')).not.toContain("frame-ancestors 'self'");
    expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Even its error page: a host with a broken snippet sees why.
    const broken = await get('/embed/scores?scope=nope');
    expect(broken.headers.get('x-frame-options')).toBeNull();

    for (const other of ['/en/live-matches', '/en/widget', '/en', '/robots.txt', '/api/matches/live']) {
      const res = await get(other);
      expect(res.headers.get('x-frame-options'), other).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy'), other).toContain("frame-ancestors 'self'");
    }
  });

  it('answers bad options with a small page that says so, with a stable code', async () => {
    for (const query of [
      'scope=everything',
      'scope=competition',
      'scope=team&id=bad%20id',
      'scope=live&id=39',
      'theme=purple',
      'size=huge',
      'lang=xx',
      'colour=red',
    ]) {
      const { res, html } = await page(`/embed/scores?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type'), query).toMatch(/^text\/html/);
      expect(html, query).toContain('data-error-code="request:invalid"');
      expect(html, query).toContain('Error code: request:invalid');
    }
    const german = await page('/embed/scores?lang=de&size=huge');
    expect(german.html).toContain('Dieses Widget kann nicht angezeigt werden');

    const unknown = await page('/embed/scores?scope=competition&id=424242');
    expect(unknown.res.status).toBe(404);
    expect(unknown.html).toContain('data-error-code="competition:not-found"');
    const noTeam = await page('/embed/scores?scope=team&id=424242&lang=es');
    expect(noTeam.res.status).toBe(404);
    expect(noTeam.html).toContain('Este equipo no está (ya) en Pitchside.');
  });

  it('serves /widget.js as a cacheable script any site may load', async () => {
    const res = await get('/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=3600/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const body = await res.text();
    expect(body).toContain("'/embed/scores?'");
    expect(body).toContain('allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch would add `Cache-Control: no-cache` to a conditional request (the Fetch standard), which
    // forbids a 304: ask as a browser revalidating its cached copy does.
    const again = await get('/widget.js', {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it("keeps the socket to the gateway's own origin: the embed needs nothing opened up", async () => {
    const socket = connectClient(gateway.url, { extraHeaders: { origin: 'https://third-party.example' } });
    const refused = await new Promise<string>((resolve) =>
      socket.once('connect_error', (e) => resolve(e.message)),
    );
    socket.close();
    expect(refused).toMatch(/origin-forbidden|xhr poll error|websocket error|Unexpected server response/);
  });
});
