import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { StaticTextPage } from '../static-text-page.tsx';

export const loader = pageTextLoader('refund');

/** /policy/refund: when and how a paid plan is refunded. The operators' text for this language when there is one. */
export function Component() {
  return <StaticTextPage page="refund" builtIn="refund" />;
}
