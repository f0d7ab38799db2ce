import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { StaticTextPage } from '../static-text-page.tsx';

export const loader = pageTextLoader('disclaimer');

/** /disclaimer: scores are informational, streams are third-party, no gambling advice. The operators' text for this language when there is one. */
export function Component() {
  return <StaticTextPage page="disclaimer" builtIn="disclaimer" />;
}
