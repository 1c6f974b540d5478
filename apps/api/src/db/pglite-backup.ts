/**
 * Backups of the embedded database (PGlite in DATA_DIR/pglite), consistent while the server runs.
 *
 * Why this design: PGlite is PostgreSQL inside one process, and the folder is locked by the server that runs it
 * (lockDataDir), so a second process may not open it, and a plain file copy of a live folder can tear a page or
 * catch a transaction half-written. So the copy is always taken by the process that holds the folder, through
 * PGlite's own `dumpDataDir`, with no transaction in progress: `npm run db:backup` (tools/db-backup.ts) opens the
 * folder itself when it is free; when a server holds it, the tool leaves a request file in DATA_DIR/backups/ and
 * sends the server BACKUP_SIGNAL, and the server writes the dump there. A signal rather than an HTTP route: only the
 * folder's owner (same user) or root can send one, nothing listens on a port, and the tool already knows the
 * server's pid from the lock file. The server announces that it takes requests in `server.pid`, so the tool never
 * signals a process that would not handle it (SIGUSR2's default action ends a process).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const BACKUP_SIGNAL = 'SIGUSR2';
/** Written by a server taking backup requests for the folder: its pid. */
export const SERVING_FILE = 'server.pid';
export const REQUEST_SUFFIX = '.request';
export const FAILED_SUFFIX = '.failed';
export const DUMP_SUFFIX = '.tar.gz';

/** DATA_DIR/backups, beside the database folder DATA_DIR/pglite. */
export function backupsDirOf(pgliteDir: string): string {
  return join(dirname(pgliteDir), 'backups');
}

/** A new backup's name: sortable by time, unique. */
export function backupName(now: Date = new Date()): string {
  return `jelly-${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}

/**
 * Writes a gzipped tar of the database folder to `file`. It holds PGlite's transaction lock (an empty transaction)
 * so no other transaction is half-applied, and checkpoints first so the copy needs little recovery when restored.
 * Written beside its final name and renamed, so a file under the final name is always whole.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const dump = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
  const partial = `${file}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  await rename(partial, file);
}

interface Served {
  client: PGlite;
  dir: string;
  running: Promise<void> | null;
  again: boolean;
}

/** Every database folder this process serves (tests open several); one signal listener for all. */
const served = new Map<string, Served>();

const onSignal = () => {
  for (const entry of served.values()) void answer(entry);
};

/** A signal that arrives while requests are being answered runs the scan once more afterwards. */
function answer(entry: Served): Promise<void> {
  if (entry.running) {
    entry.again = true;
    return entry.running;
  }
  entry.running = (async () => {
    do {
      entry.again = false;
      await answerRequests(entry.client, entry.dir);
    } while (entry.again);
  })().finally(() => {
    entry.running = null;
  });
  return entry.running;
}

async function answerRequests(client: PGlite, dir: string): Promise<void> {
  const requests = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(REQUEST_SUFFIX));
  for (const request of requests) {
    const name = request.slice(0, -REQUEST_SUFFIX.length);
    const taking = join(dir, `${name}.taking`);
    try {
      await rename(join(dir, request), taking);
    } catch {
      continue; // answered already (a second signal)
    }
    try {
      await dumpPglite(client, join(dir, `${name}${DUMP_SUFFIX}`));
    } catch (error) {
      await writeFile(join(dir, `${name}${FAILED_SUFFIX}`), error instanceof Error ? error.message : String(error)).catch(() => {});
    } finally {
      await rm(taking, { force: true });
    }
  }
}

/**
 * Takes backup requests for an open database folder until the returned function is called (before the client
 * closes: it waits for a dump in progress).
 */
export async function serveBackupRequests(client: PGlite, pgliteDir: string): Promise<() => Promise<void>> {
  const dir = backupsDirOf(pgliteDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const entry: Served = { client, dir, running: null, again: false };
  if (served.size === 0) process.on(BACKUP_SIGNAL, onSignal);
  served.set(pgliteDir, entry);
  await writeFile(join(dir, SERVING_FILE), String(process.pid), { mode: 0o600 });
  return async () => {
    if (served.get(pgliteDir) !== entry) return;
    served.delete(pgliteDir);
    if (served.size === 0) process.off(BACKUP_SIGNAL, onSignal);
    await rm(join(dir, SERVING_FILE), { force: true });
    await entry.running;
  };
}
