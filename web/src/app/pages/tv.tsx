import { MediaComingSoon } from '../media-coming-soon.tsx';

/** /tv: the TV guide arrive with the content issue; until then, what exists. */
export function Component() {
  return <MediaComingSoon page="tv" />;
}
