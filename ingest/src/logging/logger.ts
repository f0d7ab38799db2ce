import { pino, type Logger } from 'pino';

/** The root logger; each module takes a child with its own name. */
export const createLogger = (level = 'info'): Logger => pino({ name: 'ingest', level });
