import { pageTextLoader } from '../../features/media/api/page-text.ts';
import { StaticTextPage } from '../static-text-page.tsx';

export const loader = pageTextLoader('security');

/** /security: how the site and accounts are protected, and responsible disclosure. The operators' text for this language when there is one. */
export function Component() {
  return <StaticTextPage page="security" builtIn="security" />;
}
