// The escape kit, shared by the CLI (tools/operator/escape-command.ts) and the web build's escape page.
export * from './plan.ts';
export * from './listing.ts';
export * from './send.ts';
