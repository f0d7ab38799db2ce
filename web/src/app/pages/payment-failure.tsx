import { PaymentResultPage } from '../payment-result-page.tsx';

/** /payment/failure: see payment-result-page.tsx. */
export function Component() {
  return <PaymentResultPage page="failure" />;
}
