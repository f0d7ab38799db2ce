export * from './password-policy.ts';
export * from './redirect-target.ts';
export * from './schemas.ts';
export * from './session-constants.ts';
