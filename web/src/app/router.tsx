import { createBrowserRouter } from 'react-router-dom';
import { routePatterns } from './paths.ts';
import { HomeRoute } from './routes/home.tsx';
import { LiveMatchesRoute } from './routes/live-matches.tsx';
import { MatchRoute } from './routes/match.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * The site map. Routes compose features; features know nothing of routes. Everything sits under the root
 * layout's optional `:lang` segment, so /live-matches and /de/live-matches are the same page.
 */
export const router = createBrowserRouter([
  {
    path: routePatterns.root,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: routePatterns.liveMatches, element: <LiveMatchesRoute /> },
          { path: routePatterns.match, element: <MatchRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
]);
