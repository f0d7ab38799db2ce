import { PaymentResultPage } from '../payment-result-page.tsx';

/** /payment/success: see payment-result-page.tsx. */
export function Component() {
  return <PaymentResultPage page="success" />;
}
