import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { apiClient } from '@pitchside/test-support/auth-api';
import { useLiveSite } from './support/live-site.ts';
import {
  expectConnection,
  LIVE_TIMEOUT_MS,
  markDocument,
  openPage,
  waitForHydration,
} from './support/browser.ts';
import { PASSWORD } from './support/accounts.ts';

/**
 * The CMS's live push end to end (issue 6): a visitor has the home page open; an operator pins a match that
 * was not among the hot matches; the visitor's hot section shows it first, without a reload.
 */
const site = useLiveSite();

const hotCards = '[data-testid="section-hot"] [data-testid="hot-match"]';

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; data: T }> {
  const response = await fetch(`${site.stack.url}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

/** An operator: an account holding the `admin` scope, signed in through the admin login. */
async function operatorToken(): Promise<string> {
  const email = `operator-${randomUUID().slice(0, 8)}@example.com`;
  await apiClient(site.stack.url).register(email, PASSWORD);
  await site.stack.db.query(`UPDATE users SET scope = '{admin}' WHERE email = $1`, [email]);
  const login = await api<{ token: { access_token: string } }>('/admin/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  return login.data.token.access_token;
}

/** A match the read model has that the hot list does not show: one of yesterday's or today's. */
async function matchNotHot(hot: readonly ScoreboardEntry[]): Promise<string> {
  const shown = new Set(hot.map((e) => e.match.id));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const offset of [-1, 0, 1]) {
    const { data } = await api<ScoreboardEntry[]>(`/matches?date=${day(offset)}&tz=UTC`);
    const candidate = data.find((e) => !shown.has(e.match.id));
    if (candidate) return candidate.match.id;
  }
  throw new Error('every match of three days is hot: nothing to pin');
}

describe('hot pins', () => {
  it("an operator's pin appears first in an open home page's hot section, without a reload", async () => {
    const { data: hot } = await api<ScoreboardEntry[]>('/matches/hot');
    const pinned = await matchNotHot(hot);
    const token = await operatorToken();

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en`);
    try {
      await waitForHydration(page);
      await expectConnection(page, 'live');
      await page.waitForSelector(hotCards);
      const before = await page.$$eval(hotCards, (cards) =>
        cards.map((c) => c.getAttribute('data-match-id')),
      );
      expect(before).not.toContain(pinned);
      const sameDocument = await markDocument(page);

      const put = await api<{ matchIds: string[] }>('/admin/hot-pins', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ matchIds: [pinned] }),
      });
      expect(put).toEqual({ status: 200, data: { matchIds: [pinned] } });

      await page.waitForSelector(`${hotCards}[data-match-id="${pinned}"]`, { timeout: LIVE_TIMEOUT_MS });
      const after = await page.$$eval(hotCards, (cards) => cards.map((c) => c.getAttribute('data-match-id')));
      expect(after[0]).toBe(pinned);
      await sameDocument();

      // Unpinned: it leaves the open page again.
      await api('/admin/hot-pins', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ matchIds: [] }),
      });
      await page.waitForSelector(`${hotCards}[data-match-id="${pinned}"]`, {
        state: 'detached',
        timeout: LIVE_TIMEOUT_MS,
      });
      await sameDocument();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
