import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as admin from './schema/admin.ts';
import * as audit from './schema/audit.ts';
import * as auth from './schema/auth.ts';
import * as catalogues from './schema/catalogues.ts';
import * as chainGate from './schema/chain-gate.ts';
import * as chainTxClaims from './schema/chain-tx-claims.ts';
import * as chat from './schema/chat.ts';
import * as coinJelly from './schema/coin-jelly.ts';
import * as deals from './schema/deals.ts';
import * as notifications from './schema/notifications.ts';
import * as ordersDeals from './schema/orders-deals.ts';
import * as orders from './schema/orders.ts';
import * as plugins from './schema/plugins.ts';
import * as rating from './schema/rating.ts';
import * as realtime from './schema/realtime.ts';
import * as support from './schema/support.ts';
import * as swap from './schema/swap.ts';
import * as telegram from './schema/telegram.ts';
import * as watchdog from './schema/watchdog.ts';

/**
 * Who may write each table: the module (src/modules/<m>) or kernel folder (`chain/gate`, `realtime`, `plugins`) the
 * schema file is named after. A table's owner is the schema file it lives in, so moving a table moves its owner; any
 * other code that needs a change calls a named function the owner exports through its index.ts.
 * test/table-owners.test.ts scans every drizzle and SQL write under src against this list.
 */
export interface SchemaFile {
  /** The file under db/schema, without `.ts`: the owners' names joined by '-' ('/' read as '-'). */
  file: string;
  owners: readonly string[];
  /** Why a file has more or fewer than one owner. */
  why?: string;
  exports: Record<string, unknown>;
}

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'admin', owners: ['admin'], exports: admin },
  { file: 'audit', owners: ['audit'], exports: audit },
  { file: 'auth', owners: ['auth'], exports: auth },
  { file: 'catalogues', owners: ['catalogues'], exports: catalogues },
  { file: 'chain-gate', owners: ['chain/gate'], exports: chainGate },
  {
    file: 'chain-tx-claims',
    owners: [],
    why: 'kept only by database triggers on the Coin Jelly and swap transaction columns (migration 0020): no code writes it',
    exports: chainTxClaims,
  },
  { file: 'chat', owners: ['chat'], exports: chat },
  { file: 'coin-jelly', owners: ['coin-jelly'], exports: coinJelly },
  { file: 'deals', owners: ['deals'], exports: deals },
  { file: 'notifications', owners: ['notifications'], exports: notifications },
  {
    file: 'orders-deals',
    owners: ['orders', 'deals'],
    why:
      'one table holds offers and the deals claimed from them (a deal is a row whose parent is its offer): the orders ' +
      'module writes offers and creates deals (claim, cancel, withdraw), the deals module moves deals through their ' +
      'lifecycle and gives an expired deal’s amount back to its offer. One owner would need the other’s lifecycle ' +
      'rules, and orders already calls deals (a cycle), or a split of the table.',
    exports: ordersDeals,
  },
  { file: 'orders', owners: ['orders'], exports: orders },
  { file: 'plugins', owners: ['plugins'], exports: plugins },
  { file: 'rating', owners: ['rating'], exports: rating },
  { file: 'realtime', owners: ['realtime'], exports: realtime },
  { file: 'support', owners: ['support'], exports: support },
  { file: 'swap', owners: ['swap'], exports: swap },
  { file: 'telegram', owners: ['telegram'], exports: telegram },
  { file: 'watchdog', owners: ['watchdog'], exports: watchdog },
];

/** A schema file's tables: its export name → the table's SQL name. */
export function tablesOf(file: SchemaFile): Map<string, string> {
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(file.exports)) if (is(value, PgTable)) tables.set(name, getTableName(value));
  return tables;
}

/** Each table's SQL name → the code that may write it. */
export const TABLE_OWNERS: ReadonlyMap<string, readonly string[]> = new Map(
  SCHEMA_FILES.flatMap((file) => [...tablesOf(file).values()].map((table) => [table, file.owners] as const)),
);
