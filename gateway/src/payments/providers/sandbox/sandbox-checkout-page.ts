import { toDecimalString } from '../../money.ts';
import type { SandboxCheckout } from './sandbox-ledger.ts';
import type { SandboxDecision } from './sandbox-provider.ts';

/**
 * The sandbox's hosted checkout page: what PayPal's or Stripe's payment page is for the real methods. It is
 * the provider's page, not the website's, so it stays a plain server-rendered form (no site chrome, no
 * script): approve, decline or cancel, each a POST to `actionUrl(decision)`. Plain English: real providers'
 * pages are in the provider's language, not ours, and this one is for developers.
 */
export interface SandboxCheckoutPageInput {
  checkout: Pick<SandboxCheckout, 'id' | 'description' | 'amount' | 'currency' | 'state'>;
  actionUrl: (decision: SandboxDecision) => string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(
    Number(toDecimalString(amount, currency)),
  );
}

const DONE: Partial<Record<SandboxCheckout['state'], string>> = {
  approved: 'This payment was approved.',
  captured: 'This payment is complete.',
  failed: 'This payment was declined.',
  cancelled: 'This payment was cancelled.',
  refunded: 'This payment was refunded.',
};

export function renderSandboxCheckoutPage({ checkout, actionUrl }: SandboxCheckoutPageInput): string {
  const amount = escapeHtml(formatAmount(checkout.amount, checkout.currency));
  const button = (decision: SandboxDecision, label: string) =>
    `<form method="post" action="${escapeHtml(actionUrl(decision))}"><button type="submit" name="decision" value="${decision}" data-decision="${decision}">${label}</button></form>`;
  const done = DONE[checkout.state];
  const body = done
    ? `<p role="status">${escapeHtml(done)}</p>`
    : `<div class="actions">${button('approve', `Pay ${amount}`)}${button('decline', 'Decline')}${button('cancel', 'Cancel and return')}</div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Sandbox checkout · Pitchside</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1b1d21;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:24rem;width:100%}
.note{font-size:.85rem;color:#5c6370}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
.actions{display:grid;gap:.5rem}button{width:100%;padding:.75rem;border-radius:8px;border:1px solid #c5c9d0;background:#fff;font-size:1rem;cursor:pointer}
button[data-decision=approve]{background:#0b6e4f;border-color:#0b6e4f;color:#fff}
</style>
</head>
<body>
<main>
<p class="note">Pitchside sandbox: a test payment method. No money moves.</p>
<h1>${escapeHtml(checkout.description)}</h1>
<p class="amount">${amount}</p>
${body}
</main>
</body>
</html>
`;
}
