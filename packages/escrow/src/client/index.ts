// @jelly/escrow client: usable in the browser and in Node (no fs, no Anchor at runtime).
export * from './constants.ts';
export * from './pda.ts';
export * from './accounts.ts';
export * from './events.ts';
export * from './errors.ts';
export * from './instructions/index.ts';
export * from './escape/index.ts';
export { toU64, u64Bytes } from './codec.ts';
