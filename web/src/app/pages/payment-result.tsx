import { PaymentResultPage } from '../payment-result-page.tsx';

/** /payment/result: see payment-result-page.tsx. */
export function Component() {
  return <PaymentResultPage page="result" />;
}
