import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startLiveConnection } from '../features/live/api/live-connection.ts';
import { router } from './router.tsx';

/** The app shell: one live connection for the whole visit, and the router. */
export function App() {
  useEffect(() => startLiveConnection(), []);
  return <RouterProvider router={router} />;
}
