import { describe, expect, it } from 'vitest';
import type { Competition, Standings } from '@pitchside/shared/domain';
import type { HeadToHead, ScoreboardEntry, TeamPage } from '@pitchside/shared/protocol';
import { REMOTE_SEARCH_DEBOUNCE_MS } from '@pitchside/shared/constants';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, markDocument, openPage, text } from './support/browser.ts';
import { advanceTo, liveEntries, liveMatchWithGoalAhead } from './support/live-fixture.ts';

/**
 * The explore pages (leagues, a league, teams, a team, head to head, sports, World Cup 2022) against the
 * whole stack. What they show is read from the same REST API the pages use, so the tests hold for any seed.
 */
const site = useLiveSite();

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${site.stack.url}/api${path}`);
  const body = (await response.json()) as { data?: T; error?: { code: string } };
  if (!body.data) throw new Error(`GET /api${path}: ${JSON.stringify(body.error)}`);
  return body.data;
}

/** The server's HTML of a page, as a crawler without JavaScript gets it. */
async function serverHtml(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site.stack.url}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' } });
  return { status: response.status, html: await response.text() };
}

/** Text as HTML escapes it (team names may hold an apostrophe or an ampersand). */
const escaped = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;');

/** A competition with a table whose rows differ between home and away, with the data to check it by. */
async function leagueWithTable(): Promise<{ competition: Competition; standings: Standings }> {
  for (const competition of await api<Competition[]>('/competitions')) {
    const response = await fetch(`${site.stack.url}/api/competitions/${competition.id}/standings`);
    if (!response.ok) continue;
    const { data } = (await response.json()) as { data: Standings };
    const rows = data.groups.flatMap((g) => g.rows);
    if (rows.length > 1 && rows.every((r) => r.home && r.away && r.total.played > 0)) {
      return { competition, standings: data };
    }
  }
  throw new Error('no competition has a table with home and away records');
}

/** A team whose page has a squad and a form, from the table of a league. */
/**
 * A read completed from the provider's own answer (a team's latest results, a head-to-head) is answered with
 * `Cache-Control: no-cache` until ingest has read it (seconds): the read once it is whole, so what the test
 * compares the page with no longer changes.
 */
async function settled<T>(path: string): Promise<T> {
  await expect
    .poll(async () => (await fetch(`${site.stack.url}/api${path}`)).headers.get('cache-control'), {
      timeout: 15_000,
    })
    .not.toBe('no-cache');
  return api<T>(path);
}

async function teamWithForm(): Promise<TeamPage> {
  const { standings } = await leagueWithTable();
  for (const row of standings.groups.flatMap((g) => g.rows)) {
    const page = await api<TeamPage>(`/teams/${row.team.id}`);
    if (page.form.length > 0 && page.squad.length > 0) return settled<TeamPage>(`/teams/${row.team.id}`);
  }
  throw new Error('no team has both a form and a squad');
}

/**
 * The next goal of a football match in regular time: a tie already in extra time may go to a shoot-out,
 * whose kicks do not change the score shown.
 */
async function goalInRegularTime() {
  const live = await liveEntries(site.stack);
  const ids = live
    .filter((e) => ['first_half', 'half_time', 'second_half'].includes(e.match.status))
    .map((e) => e.match.id);
  return liveMatchWithGoalAhead(site.stack, ids);
}

/** Waits for the page to show `expected` goals; on failure, says what the API holds by then. */
async function expectGoalShown(matchId: string, shown: () => Promise<number>, expected: number) {
  try {
    await expect.poll(shown, { timeout: LIVE_TIMEOUT_MS, interval: 200 }).toBe(expected);
  } catch (error) {
    const held = await api<{ detail: { match: ScoreboardEntry['match'] } }>(`/matches/${matchId}`);
    const { status, score, clock } = held.detail.match;
    throw new Error(
      `match ${matchId}: the page shows ${await shown()} goals, the API ${JSON.stringify({ status, clock, score: score.current })}`,
      { cause: error },
    );
  }
}

/**
 * Live updates first: they move the simulated clock, and the stack's live polling is at its most
 * dependable while the file is young (see the report: after about 90 s of a frozen clock, jumps of it
 * stop reaching the API).
 */
describe('live updates', () => {
  it('shows a goal in its round without a reload, and the round sits in the URL', async () => {
    const goal = await goalInRegularTime();
    const { match } = (await api<{ detail: { match: ScoreboardEntry['match'] } }>(`/matches/${goal.matchId}`))
      .detail;
    const { page, errors } = await openPage(
      site.browser,
      `${site.stack.url}/en/league/${match.competition.id}`,
    );
    await expectConnection(page, 'live');
    // A match in play makes its round the one shown by default.
    const row = page.locator(`[data-testid="round-matches"] [data-match-id="${goal.matchId}"]`);
    await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
    if (match.round)
      expect(await page.locator('[data-testid="round-name"]').getAttribute('data-round')).toBe(match.round);
    const score = async () =>
      (await row.locator('[data-testid="live-row-score"]').textContent())!
        .split('-')
        .reduce((sum, n) => sum + (Number(n.trim()) || 0), 0);
    const before = await score();
    const stillSameDocument = await markDocument(page);

    advanceTo(site.stack, goal.atMs);
    await expectGoalShown(goal.matchId, score, before + 1);
    await stillSameDocument();

    // Another round: the URL says which, and the page shows it.
    const next = page.locator('[data-testid="round-next"], [data-testid="round-previous"]').first();
    if ((await next.count()) > 0) {
      // Every round is on the page already: picking one asks the server for nothing.
      const requests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request.url());
      });
      await next.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('round')).not.toBeNull();
      const round = new URL(page.url()).searchParams.get('round')!;
      await expect
        .poll(() => page.locator('[data-testid="round-name"]').getAttribute('data-round'))
        .toBe(round);
      expect(requests).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('keeps a live match of the team ticking without a reload', async () => {
    const goal = await goalInRegularTime();
    const { match } = (await api<{ detail: { match: ScoreboardEntry['match'] } }>(`/matches/${goal.matchId}`))
      .detail;
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/team/${match.home.id}`);
    await expectConnection(page, 'live');
    const row = page.locator(`[data-testid="team-live"] [data-match-id="${goal.matchId}"]`);
    await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
    const goals = async () =>
      (await row.locator('[data-testid="live-row-score"]').textContent())!
        .split('-')
        .reduce((sum, n) => sum + (Number(n.trim()) || 0), 0);
    const before = await goals();
    const stillSameDocument = await markDocument(page);

    advanceTo(site.stack, goal.atMs);
    await expectGoalShown(goal.matchId, goals, before + 1);
    await stillSameDocument();
    expect(errors).toEqual([]);
  });
});

describe('explore pages: server HTML', () => {
  it('holds every page’s data before any script runs', async () => {
    const { competition, standings } = await leagueWithTable();
    const leader = standings.groups[0]!.rows.find((r) => r.rank === 1)!;

    const list = await serverHtml('/en/league');
    expect(list.status).toBe(200);
    expect(list.html).toContain(escaped(competition.name));
    expect(list.html).toContain('data-testid="league-item"');

    const league = await serverHtml(`/en/league/${competition.id}`);
    expect(league.status).toBe(200);
    expect(league.html).toContain(
      `<title>${escaped(competition.name)}: table, fixtures and results | Pitchside</title>`,
    );
    expect(league.html).toContain(escaped(leader.team.name));
    expect(league.html).toMatch(/data-testid="standings-row"/);
    expect(league.html).toMatch(/data-testid="live-match-row"/);

    const team = await teamWithForm();
    const teamHtml = await serverHtml(`/en/team/${team.team.id}`);
    expect(teamHtml.status).toBe(200);
    expect(teamHtml.html).toContain(
      `<title>${escaped(team.team.name)}: squad, fixtures and results | Pitchside</title>`,
    );
    expect(teamHtml.html).toContain(escaped(team.squad[0]!.name));
    expect(teamHtml.html).toContain('data-testid="form-chips"');

    const word = team.team.name.split(' ')[0]!.toLowerCase();
    const search = await serverHtml(`/en/team?q=${encodeURIComponent(word)}`);
    expect(search.status).toBe(200);
    expect(search.html).toContain(escaped(team.team.name));
    expect(search.html).toContain(`value="${escaped(word)}"`);

    const sports = await serverHtml('/en/sport');
    expect(sports.status).toBe(200);
    expect(sports.html).toContain('data-sport="basketball"');

    const cup = await serverHtml('/en/league/fifa-world-cup-2022-live-streaming');
    expect(cup.status).toBe(200);
    expect(cup.html).toContain('<title>FIFA World Cup 2022 live streaming | Pitchside</title>');
    // The default stack does not replay the 2022 World Cup: the page states the real final instead.
    expect(cup.html).toContain('3–3');
    expect(cup.html).toContain('Argentina won 4–2 on penalties');
  });

  it('answers a real 404 for unknown leagues, teams, pairs and sports', async () => {
    for (const path of [
      '/en/league/no-such-league',
      '/en/league/424242',
      '/en/team/no-such-team',
      '/en/team/head-to-head/no-such-team-vs-another-one',
      '/en/team/head-to-head/not a slug',
      '/en/sport/curling',
    ]) {
      const { status, html } = await serverHtml(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('This page could not be found');
    }
  });
});

describe('league page', () => {
  it('switches the table between all, home and away', async () => {
    const { competition, standings } = await leagueWithTable();
    const rows = standings.groups[0]!.rows;
    const homeLeader = [...rows].sort(
      (a, b) =>
        b.home!.won * 3 + b.home!.drawn - (a.home!.won * 3 + a.home!.drawn) ||
        b.home!.goalsFor - b.home!.goalsAgainst - (a.home!.goalsFor - a.home!.goalsAgainst) ||
        b.home!.goalsFor - a.home!.goalsFor ||
        a.rank - b.rank,
    )[0]!;
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/league/${competition.id}`);
    await expectConnection(page, 'live');
    const panel = page.locator('[data-testid="standings-panel"]');
    const firstRow = page.locator('[data-testid="standings-row"]').first();
    expect(await panel.getAttribute('data-view')).toBe('total');
    expect(await page.locator('[data-testid="standings-view-total"]').getAttribute('aria-selected')).toBe(
      'true',
    );

    await page.click('[data-testid="standings-view-home"]');
    await expect.poll(() => panel.getAttribute('data-view')).toBe('home');
    expect(await page.locator('[data-testid="standings-view-home"]').getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await firstRow.getAttribute('data-team-id')).toBe(homeLeader.team.id);
    expect(Number(await text(page, '[data-testid="standings-points"]'))).toBe(
      homeLeader.home!.won * 3 + homeLeader.home!.drawn,
    );

    // Arrow keys move along the tabs, as the tabs pattern has it.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => panel.getAttribute('data-view')).toBe('away');
    await page.click('[data-testid="standings-view-total"]');
    await expect.poll(() => panel.getAttribute('data-view')).toBe('total');
    expect(await firstRow.getAttribute('data-team-id')).toBe(rows.find((r) => r.rank === 1)!.team.id);
    expect(errors).toEqual([]);
  });
});

describe('team search', () => {
  it('asks the server once, 300 ms after the last key, and keeps the query in the URL', async () => {
    const team = (await teamWithForm()).team;
    const query = team.name.slice(0, 5);
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/team`);
    await expectConnection(page, 'live');
    const searches: { q: string | null; at: number }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/teams') searches.push({ q: url.searchParams.get('q'), at: Date.now() });
    });

    // Typed in the page, a key every 40 ms: the test's own pace cannot stretch past the debounce.
    const typedAt = await page.evaluate(async (value) => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="team-search"]')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      input.focus();
      for (let i = 1; i <= value.length; i++) {
        setValue.call(input, value.slice(0, i));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      return Date.now() - 40;
    }, query);
    await expect.poll(() => searches.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(REMOTE_SEARCH_DEBOUNCE_MS);
    expect(searches, JSON.stringify({ typedAt, searches })).toHaveLength(1);
    expect(searches[0]!.q).toBe(query);
    expect(searches[0]!.at - typedAt).toBeGreaterThanOrEqual(REMOTE_SEARCH_DEBOUNCE_MS - 60);

    await page.waitForSelector(`[data-testid="team-result"][data-team-id="${team.id}"]`, {
      timeout: LIVE_TIMEOUT_MS,
    });
    expect(new URL(page.url()).searchParams.get('q')).toBe(query);
    // Nothing else was asked meanwhile: one burst of typing, one request.
    await page.waitForTimeout(REMOTE_SEARCH_DEBOUNCE_MS * 2);
    expect(searches).toHaveLength(1);

    // The URL's query is the page: opened afresh, the server renders the same results.
    const reopened = await openPage(site.browser, page.url());
    expect(await reopened.page.locator('[data-testid="team-search"]').inputValue()).toBe(query);
    await reopened.page.waitForSelector(`[data-testid="team-result"][data-team-id="${team.id}"]`);
    expect(errors).toEqual([]);
    expect(reopened.errors).toEqual([]);
  });

  it('says so when no team matches', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en/team?q=zzqxj`);
    await page.waitForSelector('[data-testid="team-search-empty"]');
    expect(await page.locator('[data-testid="team-result"]').count()).toBe(0);
  });
});

describe('team page', () => {
  it('lists the squad by position and the form as chips linking to the matches', async () => {
    const data = await teamWithForm();
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/team/${data.team.id}`);
    await expectConnection(page, 'live');
    expect(await text(page, '[data-testid="team-name"]')).toBe(data.team.name);

    expect(await page.locator('[data-testid="squad-player"]').count()).toBe(data.squad.length);
    const lines = await page
      .locator('[data-testid="squad-line"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-position')));
    const order = ['G', 'D', 'M', 'F', 'other'];
    expect(lines).toEqual([...lines].sort((a, b) => order.indexOf(a!) - order.indexOf(b!)));
    expect(lines).toContain('G');

    const chips = page.locator('[data-testid="team-form"] [data-testid="form-chips"] li');
    expect(await chips.count()).toBe(data.form.length);
    expect(await chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-result')))).toEqual(
      data.form.map((f) => f.result),
    );
    const lastLink = chips.last().locator('a');
    expect(await lastLink.getAttribute('href')).toBe(`/en/match/${data.form.at(-1)!.matchId}`);

    for (const competition of data.competitions) {
      expect(
        await page
          .locator(`[data-testid="team-competitions"] a[href="/en/league/${competition.id}"]`)
          .count(),
      ).toBe(1);
    }
    await lastLink.click();
    await page.waitForURL(`**/en/match/${data.form.at(-1)!.matchId}`);
    expect(errors).toEqual([]);
  });
});

describe('head to head', () => {
  it('shows the record of two teams that have met, and their meetings', async () => {
    const data = await teamWithForm();
    const opponent = (await api<TeamPage>(`/teams/${data.form.at(-1)!.opponent.id}`)).team;
    const slug = `${data.team.slug}-vs-${opponent.slug}`;
    const h2h = await settled<HeadToHead>(`/head-to-head/by-slug/${slug}`);
    expect(h2h.pending).toBe(false);
    expect(h2h.record.played).toBeGreaterThan(0);

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/team/head-to-head/${slug}`);
    await expectConnection(page, 'live');
    expect(await text(page, '[data-testid="h2h-wins-a"]')).toBe(String(h2h.record.winsA));
    expect(await text(page, '[data-testid="h2h-draws"]')).toBe(String(h2h.record.draws));
    expect(await text(page, '[data-testid="h2h-wins-b"]')).toBe(String(h2h.record.winsB));
    expect(await text(page, '[data-testid="h2h-goals"]')).toContain(String(h2h.record.goalsA));
    expect(await page.locator('[data-testid="h2h-bar"] > span').count()).toBe(3);
    expect(await page.locator('[data-testid="h2h-past"] [data-testid="live-match-row"]').count()).toBe(
      h2h.past.length,
    );
    expect(await page.title()).toBe(`${h2h.teams.a.name} vs ${h2h.teams.b.name}: head to head | Pitchside`);
    expect(errors).toEqual([]);
  });

  it('lets the visitor pick two teams and opens their page', async () => {
    const data = await teamWithForm();
    const opponent = (await api<TeamPage>(`/teams/${data.form.at(-1)!.opponent.id}`)).team;
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/team/head-to-head`);
    await expectConnection(page, 'live');
    for (const [picker, team] of [
      ['h2h-pick-a', data.team],
      ['h2h-pick-b', opponent],
    ] as const) {
      await page
        .locator(`[data-testid="${picker}"] input`)
        .pressSequentially(team.name.slice(0, 6), { delay: 30 });
      await page.locator(`[data-testid="${picker}"] [role="option"]`, { hasText: team.name }).first().click();
      await page.waitForSelector(`[data-testid="${picker}"][data-team-id="${team.id}"]`);
    }
    await page.click('[data-testid="h2h-compare"]');
    await page.waitForURL(`**/en/team/head-to-head/${data.team.slug}-vs-${opponent.slug}`);
    await page.waitForSelector('[data-testid="h2h-record"]');
    expect(errors).toEqual([]);
  });
});

describe('sports', () => {
  it('lists basketball with its live count, and its page lists its competitions and games', async () => {
    const sports = await api<{ slug: string; live: number }[]>('/sports');
    const basketball = sports.find((s) => s.slug === 'basketball')!;
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/sport`);
    const item = page.locator('[data-testid="sport-item"][data-sport="basketball"]');
    expect(await item.locator('[data-testid="sport-live"]').textContent()).toBe(`${basketball.live} live`);

    await item.locator('a').click();
    await page.waitForURL('**/en/sport/basketball');
    await page.waitForSelector('[data-testid="sport-page"][data-sport="basketball"]');
    const competitions = await api<Competition[]>('/competitions?sport=basketball');
    expect(competitions.length).toBeGreaterThan(0);
    for (const competition of competitions) {
      await page.waitForSelector(`[data-testid="sport-competition"] a[href="/en/league/${competition.id}"]`);
    }
    expect(await page.title()).toBe('Basketball | Pitchside');
    expect(errors).toEqual([]);
  });
});

describe('league list', () => {
  it('lists international competitions first, filters as one types, and puts favourites on top', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/league`);
    await expectConnection(page, 'live');
    const groups = () =>
      page
        .locator('[data-testid="league-group"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-group')));
    expect((await groups())[0]).toBe('international');

    const { competition } = await leagueWithTable();
    await page.locator('[data-testid="league-filter"]').fill(competition.name.slice(0, 4).toLowerCase());
    await expect
      .poll(() =>
        page.locator(`[data-testid="league-item"][data-competition-id="${competition.id}"]`).count(),
      )
      .toBe(1);

    await page.locator('[data-testid="league-filter"]').fill('');
    await page
      .locator(
        `[data-testid="league-item"][data-competition-id="${competition.id}"] [data-testid="favourite-star"]`,
      )
      .first()
      .click();
    await expect.poll(async () => (await groups())[0]).toBe('favourites');
    expect(
      await page
        .locator(`[data-group="favourites"] [data-testid="league-item"]`)
        .getAttribute('data-competition-id'),
    ).toBe(competition.id);
    expect(errors).toEqual([]);
  });
});
