export * from './messages.ts';
export * from './events.ts';
export * from './sequencer.ts';
export * from './rest.ts';
export * from './ops-events.ts';
