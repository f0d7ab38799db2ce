export * from './messages.ts';
export * from './events.ts';
export * from './sequencer.ts';
