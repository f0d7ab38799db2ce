import express, { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../../../rest/http-errors.ts';
import { renderSandboxCheckoutPage } from './sandbox-checkout-page.ts';
import type { SandboxDecision, SandboxProvider } from './sandbox-provider.ts';

export const SANDBOX_PAGE_PATH = '/sandbox-pay';

const CheckoutParams = z.object({ checkoutId: z.string().regex(/^sbx_[\w-]{1,64}$/) });
const DecisionParams = CheckoutParams.extend({ decision: z.enum(['approve', 'decline', 'cancel']) });

/**
 * The sandbox provider's hosted checkout page, mounted at /sandbox-pay on the gateway: what PayPal's or
 * Stripe's page is for a real method. GET shows the payment; each button POSTs a decision, and the buyer's
 * browser follows the provider's redirect (303) back to the gateway's return URL.
 */
export function sandboxRoutes(sandbox: SandboxProvider): Router {
  const router = Router();
  const page = (id: string) => `${SANDBOX_PAGE_PATH}/${encodeURIComponent(id)}`;

  router.get('/:checkoutId', async (req, res) => {
    const { checkoutId } = parseInput(CheckoutParams, req.params);
    const checkout = await sandbox.checkout(checkoutId);
    res.setHeader('Cache-Control', 'no-store');
    if (!checkout) {
      res.status(404).type('text/plain').send('No sandbox checkout has this id.');
      return;
    }
    res.type('html').send(
      renderSandboxCheckoutPage({
        checkout,
        actionUrl: (decision: SandboxDecision) => `${page(checkoutId)}/${decision}`,
      }),
    );
  });

  router.post(
    '/:checkoutId/:decision',
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      const { checkoutId, decision } = parseInput(DecisionParams, req.params);
      const { redirectUrl } = await sandbox.decide(checkoutId, decision);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, redirectUrl);
    },
  );

  return router;
}
