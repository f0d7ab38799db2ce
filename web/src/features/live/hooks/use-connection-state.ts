import { useLiveStore } from '../stores/live-store.ts';
import type { ConnectionState } from '../stores/connection-machine.ts';

export const useConnectionState = (): ConnectionState => useLiveStore((s) => s.connection.state);
