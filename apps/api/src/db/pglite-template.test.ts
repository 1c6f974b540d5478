import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migratePgliteClient, openPgliteClient, templateDir, writeTemplate } from './pglite-template.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the embedded database template', () => {
  it('starts a new data folder already migrated, with small shared buffers', async () => {
    const template = await writeTemplate();
    expect(template).toBe(templateDir());
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);

    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const dataDir = await mkdtemp(join(tmpdir(), 'jelly-template-'));
    dirs.push(dataDir);
    const client = await openPgliteClient(join(dataDir, 'pglite'));
    try {
      // Loaded, not created: every migration is already recorded before the server's own migrate runs.
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      await migratePgliteClient(client);
      const offers = await client.query<{ n: number }>('select count(*)::int as n from orders');
      expect(offers.rows[0]?.n).toBe(0);
      const buffers = await client.query<{ shared_buffers: string }>('show shared_buffers');
      expect(buffers.rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await client.close();
    }
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('finishes a copy that was cut short (a folder without PG_VERSION is copied again)', async () => {
    const template = await writeTemplate();
    const dataDir = join(await mkdtemp(join(tmpdir(), 'jelly-template-')), 'pglite');
    dirs.push(dirname(dataDir));
    await cp(join(template, 'global'), join(dataDir, 'global'), { recursive: true });
    const client = await openPgliteClient(dataDir);
    try {
      const offers = await client.query<{ n: number }>('select count(*)::int as n from orders');
      expect(offers.rows[0]?.n).toBe(0);
    } finally {
      await client.close();
    }
  }, 120_000);
});
