export * from './common.ts';
export * from './auth.ts';
export * from './auth-message.ts';
export * from './catalogues.ts';
export * from './platform.ts';
export * from './paths.ts';
