import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { StaticTextPage } from '../static-text-page.tsx';

export const loader = pageTextLoader('terms');

/** /terms: the terms of use. The operators' text for this language when there is one. */
export function Component() {
  return <StaticTextPage page="terms" builtIn="terms" />;
}
