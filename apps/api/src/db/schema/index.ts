// One file per owning module, named after it (db/table-owners.ts lists the owners; a test checks every write
// against them); drizzle-kit reads this folder (drizzle.config.ts). Everyone imports the tables from here.
export * from './auth.ts';
export * from './catalogues.ts';
export * from './orders-deals.ts';
export * from './orders.ts';
export * from './deals.ts';
export * from './chat.ts';
export * from './notifications.ts';
export * from './telegram.ts';
export * from './realtime.ts';
export * from './plugins.ts';
export * from './audit.ts';
export * from './support.ts';
export * from './admin.ts';
export * from './rating.ts';
export * from './coin-jelly.ts';
export * from './swap.ts';
export * from './watchdog.ts';
export * from './chain-gate.ts';
export * from './chain-tx-claims.ts';
export type { ChatRoomKind } from './columns.ts';
