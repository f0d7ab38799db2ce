import { MediaComingSoon } from '../media-coming-soon.tsx';

/** /highlight: video highlights arrive with the content issue; until then, what exists. */
export function Component() {
  return <MediaComingSoon page="highlight" />;
}
