/**
 * Back up and restore the embedded database folder (DATA_DIR/pglite). Why the copy is always taken by the folder's
 * owner, and how a running server is asked for it: src/db/pglite-backup.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '@jelly/localnet/data-dir-lock';
import {
  BACKUP_SIGNAL,
  backupName,
  backupsDirOf,
  DUMP_SUFFIX,
  dumpPglite,
  FAILED_SUFFIX,
  REQUEST_SUFFIX,
  SERVING_FILE,
} from '../src/db/pglite-backup.ts';
import { PGLITE_SETTINGS } from '../src/db/pglite-template.ts';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Who wrote the dump: this tool (the folder was free) or the server holding it (its pid). */
  takenBy: 'tool' | { serverPid: number };
}

export interface RestoreResult {
  file: string;
  /** Where the folder that was there before now lies (never deleted); null when there was none. */
  movedAside: string | null;
  ms: number;
}

/** A dump of a database already written takes seconds; a server that never answers is given this long. */
const SERVER_ANSWER_MS = 10 * 60_000;
const POLL_MS = 100;

const options = () => ({ startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
const lockFileOf = (pgliteDir: string) => `${pgliteDir}.lock`;

/** Writes DATA_DIR/backups/<name>.tar.gz, whether or not a server is running on the folder. */
export async function backupPglite(pgliteDir: string, serverAnswerMs = SERVER_ANSWER_MS): Promise<BackupResult> {
  const started = performance.now();
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new Error(`There is no database in ${pgliteDir}: nothing to back up.`);
  const dir = backupsDirOf(pgliteDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = backupName();
  const file = join(dir, `${name}${DUMP_SUFFIX}`);
  let owner = 0;
  const unlock = await lockDataDir(lockFileOf(pgliteDir), (pid) => {
    owner = pid;
    return `in use by process ${pid}`;
  }).catch((error: unknown) => {
    if (owner) return null;
    throw error;
  });
  let takenBy: BackupResult['takenBy'] = 'tool';
  if (unlock) {
    try {
      const client = await PGlite.create(pgliteDir, options());
      try {
        await dumpPglite(client, file);
      } finally {
        await client.close();
      }
    } finally {
      await unlock();
    }
  } else {
    await askServer(dir, name, owner, serverAnswerMs);
    takenBy = { serverPid: owner };
  }
  return { file, bytes: (await stat(file)).size, ms: performance.now() - started, takenBy };
}

async function askServer(dir: string, name: string, owner: number, serverAnswerMs: number): Promise<void> {
  const serving = Number((await readFile(join(dir, SERVING_FILE), 'utf8').catch(() => '')).trim());
  if (serving !== owner) {
    throw new Error(
      `The database is in use by process ${owner}, which does not take backup requests (a server older than this tool, or another program). Stop it, then run the backup again.`,
    );
  }
  const request = join(dir, `${name}${REQUEST_SUFFIX}`);
  await writeFile(request, '', { mode: 0o600 });
  process.kill(owner, BACKUP_SIGNAL);
  const dump = join(dir, `${name}${DUMP_SUFFIX}`);
  const failed = join(dir, `${name}${FAILED_SUFFIX}`);
  const deadline = performance.now() + serverAnswerMs;
  // The server renames the finished dump into place, so its appearance means it is whole.
  while (!existsSync(dump)) {
    if (existsSync(failed)) {
      const reason = await readFile(failed, 'utf8');
      await rm(failed, { force: true });
      throw new Error(`The server (process ${owner}) could not write the backup: ${reason}`);
    }
    if (performance.now() > deadline) {
      await rm(request, { force: true });
      throw new Error(`The server (process ${owner}) did not write the backup within ${Math.round(serverAnswerMs / 1000)} s.`);
    }
    await sleep(POLL_MS);
  }
}

/** A backup named by its path, or by its file name in DATA_DIR/backups. */
export function resolveBackupFile(pgliteDir: string, given: string): string {
  const direct = resolve(given);
  if (existsSync(direct)) return direct;
  const inBackups = join(backupsDirOf(pgliteDir), basename(given));
  if (existsSync(inBackups)) return inBackups;
  throw new Error(`No backup file ${given} (looked in the current folder and in ${backupsDirOf(pgliteDir)}).`);
}

/**
 * Replaces the database folder with a backup. Refused while a server holds the folder; the folder there before is
 * moved aside, never deleted, and put back if the backup cannot be opened.
 */
export async function restorePglite(pgliteDir: string, backupFile: string): Promise<RestoreResult> {
  const started = performance.now();
  const file = resolveBackupFile(pgliteDir, backupFile);
  await mkdir(dirname(pgliteDir), { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(
    lockFileOf(pgliteDir),
    (owner) => `The database in ${pgliteDir} is in use by process ${owner}. Stop the server before restoring: a restore replaces the folder under it.`,
  );
  try {
    let movedAside: string | null = null;
    if (existsSync(pgliteDir)) {
      movedAside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(pgliteDir, movedAside);
    }
    try {
      await mkdir(pgliteDir, { recursive: true, mode: 0o700 });
      const client = await PGlite.create(pgliteDir, { ...options(), loadDataDir: new Blob([await readFile(file)]) });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (error) {
      // Our own half-unpacked folder goes; the one that was there comes back.
      await rm(pgliteDir, { recursive: true, force: true });
      if (movedAside) await rename(movedAside, pgliteDir);
      throw error;
    }
    return { file, movedAside, ms: performance.now() - started };
  } finally {
    await unlock();
  }
}
