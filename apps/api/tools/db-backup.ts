/**
 * `npm run db:backup` and `npm run db:restore <file>` (docs/backups.md). The database is the server's: DATABASE_URL
 * (PostgreSQL, through pg_dump / pg_restore) or else the embedded one in DATA_DIR/pglite (default ./.data). Backups
 * are written to DATA_DIR/backups.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import type { BackupResult, RestoreResult } from './pglite-backup-tool.ts';
import { backupPglite, resolveBackupFile, restorePglite } from './pglite-backup-tool.ts';
import { backupPostgres, restorePostgres } from './pg-backup-tool.ts';
import { backupsDirOf } from '../src/db/pglite-backup.ts';

const envSchema = z.object({
  DATA_DIR: z.string().trim().min(1).optional().default('./.data'),
  DATABASE_URL: z.string().trim().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL').optional(),
});

const USAGE = 'Usage: db-backup.ts backup | db-backup.ts restore <backup file>';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function describeBackup(result: BackupResult): string {
  const by = result.takenBy === 'tool' ? '' : ` (taken by the running server, process ${result.takenBy.serverPid})`;
  return `Backup written: ${result.file}, ${megabytes(result.bytes)} in ${seconds(result.ms)}${by}.`;
}

function describeRestore(result: RestoreResult): string {
  const aside = result.movedAside ? ` The folder that was there is kept at ${result.movedAside}.` : '';
  return `Restored ${result.file} in ${seconds(result.ms)}.${aside} Start the server: it applies any newer migrations.`;
}

async function main(args: string[]): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const env = parsed.data;
  const pgliteDir = resolve(env.DATA_DIR, 'pglite');
  const [command, file, ...rest] = args;
  if (command === 'backup' && file === undefined) {
    const result = env.DATABASE_URL ? await backupPostgres(env.DATABASE_URL, backupsDirOf(pgliteDir)) : await backupPglite(pgliteDir);
    console.log(describeBackup(result));
    return;
  }
  if (command === 'restore' && file !== undefined && rest.length === 0) {
    const result = env.DATABASE_URL
      ? await restorePostgres(env.DATABASE_URL, resolveBackupFile(pgliteDir, file))
      : await restorePglite(pgliteDir, file);
    console.log(describeRestore(result));
    return;
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
