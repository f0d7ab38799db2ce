import { Navigate } from 'react-router-dom';
import { usePaths } from '../use-paths.ts';

/** The home page is a later issue; until then the live list is the front page. */
export function HomeRoute() {
  const paths = usePaths();
  return <Navigate to={paths.liveMatches()} replace />;
}
