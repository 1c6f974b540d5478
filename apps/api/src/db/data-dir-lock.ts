import { open, readFile, rm } from 'node:fs/promises';

/**
 * PGlite is single-process: two servers on one data folder would corrupt it. A pid file next to the
 * database refuses the second server with a clear message; a lock left by a dead process is taken over.
 */
const heldHere = new Set<string>();

export async function lockDataDir(lockFile: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldHere.add(lockFile);
      return async () => {
        heldHere.delete(lockFile);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      // Our own pid in a lock we do not hold is a leftover from an earlier run (containers reuse pids).
      const ownedByOther = owner === process.pid ? heldHere.has(lockFile) : isRunning(owner);
      if (Number.isInteger(owner) && owner > 0 && ownedByOther) {
        throw new Error(
          `The database in ${lockFile.replace(/\.lock$/, '')} is in use by process ${owner}. ` +
            'Give each server its own DATA_DIR (or stop the other one).',
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
