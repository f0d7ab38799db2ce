import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** The password every browser test registers its accounts with (the server's rules accept it). */
export const PASSWORD = 'pitchside-42';

const account: unknown = JSON.parse(
  readFileSync(new URL('../../src/locales/en/account.json', import.meta.url), 'utf8'),
);

/** An English `account` message by its dotted key, as the page shows it. */
export function accountMessage(key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], account);
  if (typeof value !== 'string') throw new Error(`no message account:${key}`);
  return value;
}

let serial = 0;
/** An address no other test (nor an earlier run against the same database) has registered. */
export const newEmail = (prefix: string): string =>
  `${prefix}-${process.pid}-${Date.now()}-${serial++}@example.org`;

/** The page's path and query, as the address bar shows them after the origin. */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Fills the sign-in form on the page (/login or /cms/login) and submits it. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(accountMessage('form.email')).fill(email);
  await page.getByLabel(accountMessage('form.password'), { exact: true }).fill(password);
  await page.locator('[data-testid="auth-submit"]').click();
}
