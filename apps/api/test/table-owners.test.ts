import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { SCHEMA_FILES, TABLE_OWNERS, tablesOf } from '../src/db/table-owners.ts';
import { scanSource, scanWrites, type TableWrite } from './helpers/table-writes.ts';

/**
 * Every table has owners (db/table-owners.ts, read from the schema file it lives in), and only they write it: every
 * drizzle and SQL write in the API's product code is checked against them. Fixtures prove the scan reports a foreign
 * write however it is spelled.
 */
const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const schemaDir = join(srcDir, 'db/schema');
const tables = new Map(SCHEMA_FILES.flatMap((file) => [...tablesOf(file)]));

const foreign = (writes: TableWrite[]) => writes.filter((write) => !TABLE_OWNERS.get(write.table)?.includes(write.writer));
const named = (write: TableWrite) => `${write.writer} ${write.table} ${write.how} ${write.file}`;

describe('table owners', () => {
  it('lists every schema file once, each named after its owners, with a reason when it has not exactly one', () => {
    const files = readdirSync(schemaDir).filter((name) => !['index.ts', 'columns.ts'].includes(name));
    expect(SCHEMA_FILES.map((file) => `${file.file}.ts`).sort()).toEqual(files.sort());
    for (const file of SCHEMA_FILES) {
      expect(tablesOf(file).size, file.file).toBeGreaterThan(0);
      if (file.owners.length === 1) expect(file.why, file.file).toBeUndefined();
      else expect(file.why, file.file).toMatch(/.{20,}/);
      if (file.owners.length > 0) expect(file.file).toBe(file.owners.join('-').replaceAll('/', '-'));
    }
  });

  it('gives every table of the schema exactly one entry, owned by code that exists', () => {
    const schemaTables = Object.values(schema).filter((value) => is(value, PgTable)).map((table) => getTableName(table as PgTable));
    const listed = SCHEMA_FILES.flatMap((file) => [...tablesOf(file).values()]);
    expect(listed.sort()).toEqual(schemaTables.sort());
    for (const owner of new Set(SCHEMA_FILES.flatMap((file) => file.owners))) {
      expect(existsSync(join(srcDir, 'modules', owner)) || existsSync(join(srcDir, owner)), owner).toBe(true);
    }
  });

  it('finds writes in the product code, and none by code that does not own the table', () => {
    const writes = scanSource(srcDir, tables);
    // every owned table that code writes is seen (trigger-kept tables have none)
    expect(new Set(writes.map((write) => write.table)).size).toBeGreaterThanOrEqual(35);
    expect(foreign(writes).map(named)).toEqual([]);
  });
});

describe('the write scan (fixtures)', () => {
  const at = 'modules/market/fixture.ts';
  const bad: [string, string][] = [
    ['a drizzle insert', "import { orders } from '../../db/schema/index.ts';\nawait db.insert(orders).values(row);"],
    ['an aliased import', "import { chatMessages as m } from '../../db/schema/index.ts';\nawait tx.update(m).set({ content: '' });"],
    ['a namespace import', "import * as s from '../../db/schema/index.ts';\nawait db.delete(s.tokens);"],
    ['a schema file import', "import { orders } from '../../db/schema/orders-deals.ts';\nawait db.update(orders).set(x);"],
    ['raw UPDATE', 'await queryRows(db, sql`UPDATE orders SET price = ${p} WHERE status = 0`);'],
    ['a WITH … UPDATE', 'await db.execute(sql`WITH due AS (SELECT 1) UPDATE chat_messages SET content = ${c}`);'],
    ['raw INSERT INTO', "await db.execute(sql.raw('insert into tokens (mint) values (1)'));"],
    ['raw DELETE FROM', 'await db.execute(sql`DELETE FROM orders WHERE order_id = ${id}`);'],
    ['an interpolated table', "import { orders } from '../../db/schema/index.ts';\nawait db.execute(sql`update ${orders} set price = 1`);"],
  ];
  it.each(bad)('reports %s', (_name, code) => {
    expect(foreign(scanWrites(at, code, tables))).toEqual([expect.objectContaining({ writer: 'market', file: at })]);
  });

  const clean: [string, string, string][] = [
    ['the owner’s write', 'modules/chat/fixture.ts', "import { chatMessages } from '../../db/schema/index.ts';\nawait db.insert(chatMessages).values(row);"],
    ['a shared owner’s write', 'modules/deals/fixture.ts', 'await db.execute(sql`UPDATE orders SET status = ${to}`);'],
    ['the gate’s write', 'chain/gate/fixture.ts', "import { platformSends } from '../../db/schema/index.ts';\nawait db.update(platformSends).set(x);"],
    ['reads and locks', at, 'await db.execute(sql`SELECT * FROM orders WHERE status = 0 FOR UPDATE SKIP LOCKED`);'],
    ['an upsert into its own table', at, "await db.execute(sql`INSERT INTO swr_x (k) VALUES (1) ON CONFLICT (k) DO UPDATE SET k = 1`);"],
    ['maps, sets and hashes', at, 'cache.delete(key); seen.delete(orderId); hash.update(bytes); ids.delete(orders.id);'],
  ];
  it.each(clean)('reports nothing for %s', (_name, file, code) => {
    expect(foreign(scanWrites(file, code, tables))).toEqual([]);
  });

  it('names the writer by where the file stands', () => {
    const code = "import { orders } from '../../db/schema/index.ts';\nawait db.update(orders).set(x);";
    expect(scanWrites('modules/orders/x.ts', code, tables)).toEqual([{ file: 'modules/orders/x.ts', line: 2, table: 'orders', how: 'update', writer: 'orders' }]);
    expect(scanWrites('realtime/x.ts', code, tables)).toEqual([expect.objectContaining({ writer: 'realtime' })]);
  });
});
