/**
 * Back up and restore a PostgreSQL database with PostgreSQL's own tools (docs/backups.md): `pg_dump -Fc` takes a
 * consistent snapshot while the replicas run; `pg_restore --clean --if-exists` replaces what the dump holds, in one
 * transaction.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { backupName } from '../src/db/pglite-backup.ts';
import type { BackupResult, RestoreResult } from './pglite-backup-tool.ts';

const run = promisify(execFile);

/**
 * Where pg_dump and pg_restore are: PG_BIN when set, else the PATH, else Debian's postgresql package layout
 * (/usr/lib/postgresql/<version>/bin, the newest version: pg_dump must be at least the server's version).
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const dirs = [
    ...(env.PG_BIN ? [env.PG_BIN] : []),
    ...(env.PATH ?? '').split(delimiter).filter(Boolean),
    ...debianBinDirs(),
  ];
  const found = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found) throw new Error(`${name} was not found (set PG_BIN to the folder holding PostgreSQL's client programs).`);
  return found;
}

function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'));
}

/** Writes `<backupsDir>/<name>.dump` (pg_dump's custom format: compressed, restorable table by table). */
export async function backupPostgres(url: string, backupsDir: string): Promise<BackupResult> {
  const started = performance.now();
  await mkdir(backupsDir, { recursive: true, mode: 0o700 });
  const file = join(backupsDir, `${backupName()}.dump`);
  await run(findPgTool('pg_dump'), ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
  return { file, bytes: (await stat(file)).size, ms: performance.now() - started, takenBy: 'tool' };
}

/**
 * Restores a dump over the database. Refused while other sessions are connected (running replicas would read and
 * write tables being dropped and recreated under them).
 */
export async function restorePostgres(url: string, file: string): Promise<RestoreResult> {
  const started = performance.now();
  const others = await otherSessions(url);
  if (others > 0) {
    throw new Error(`${others} other session(s) are connected to this database. Stop every API replica before restoring.`);
  }
  await run(findPgTool('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
  return { file, movedAside: null, ms: performance.now() - started };
}

async function otherSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
