import { describe, expect, it } from 'vitest';
import { formatAmount, renderSandboxCheckoutPage } from './sandbox-checkout-page.ts';

const actionUrl = (decision: string) => `/sandbox-pay/sbx_1/${decision}`;

describe('sandbox checkout page', () => {
  it('offers approve, decline and cancel as forms posting to their actions', () => {
    const html = renderSandboxCheckoutPage({
      checkout: {
        id: 'sbx_1',
        description: 'Pitchside Premium, 1 month',
        amount: 999,
        currency: 'EUR',
        state: 'created',
      },
      actionUrl,
    });
    expect(html).toContain('<h1>Pitchside Premium, 1 month</h1>');
    expect(html).toContain('€9.99');
    for (const decision of ['approve', 'decline', 'cancel']) {
      expect(html).toContain(`<form method="post" action="/sandbox-pay/sbx_1/${decision}">`);
    }
    expect(html).not.toContain('<script');
    expect(html).toContain('noindex');
  });

  it('escapes what the order says', () => {
    const html = renderSandboxCheckoutPage({
      checkout: {
        id: 'sbx_1',
        description: '<img src=x onerror=alert(1)> & "plan"',
        amount: 100,
        currency: 'USD',
        state: 'created',
      },
      actionUrl: () => '/a?b=1&c="2"',
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;plan&quot;');
    expect(html).not.toContain('<img');
    expect(html).toContain('action="/a?b=1&amp;c=&quot;2&quot;"');
  });

  it('shows a decided checkout as done, without buttons', () => {
    const html = renderSandboxCheckoutPage({
      checkout: { id: 'sbx_1', description: 'Plan', amount: 500, currency: 'JPY', state: 'failed' },
      actionUrl,
    });
    expect(html).toContain('This payment was declined.');
    expect(html).not.toContain('<form');
    expect(formatAmount(500, 'JPY')).toBe('¥500');
  });
});
