import { MediaComingSoon } from '../media-coming-soon.tsx';

/** /movies: football films arrive with the content issue; until then, what exists. */
export function Component() {
  return <MediaComingSoon page="movies" />;
}
