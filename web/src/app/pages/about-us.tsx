import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { StaticTextPage } from '../static-text-page.tsx';

export const loader = pageTextLoader('about-us');

/** /about-us: what Pitchside is, its realtime scores and its languages. The operators' text for this language when there is one. */
export function Component() {
  return <StaticTextPage page="about-us" builtIn="about" />;
}
