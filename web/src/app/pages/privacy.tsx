import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { StaticTextPage } from '../static-text-page.tsx';

export const loader = pageTextLoader('privacy');

/** /policy/privacy: what is stored (cookies, local storage), no tracking by default, rights. The operators' text for this language when there is one. */
export function Component() {
  return <StaticTextPage page="privacy" builtIn="privacy" />;
}
