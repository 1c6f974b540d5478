import { open, readFile, rm } from 'node:fs/promises';

/**
 * An exclusive lock on a data folder, held as a pid file beside it: the API's PGlite database and the localnet's
 * state file are each single-process, and two processes writing one would corrupt it. A second owner is refused
 * with `inUse(ownerPid)`; a lock left by a process that is gone is taken over, and so is a lock carrying our own
 * pid that this process does not hold (a leftover from an earlier run: containers reuse pids). Resolves to the
 * release function.
 */
const heldHere = new Set<string>();

const defaultInUse = (lockFile: string) => (owner: number) =>
  `The data folder ${lockFile.replace(/\.lock$/, '')} is in use by process ${owner}.`;

export async function lockDataDir(
  lockFile: string,
  inUse: (owner: number) => string = defaultInUse(lockFile),
): Promise<() => Promise<void>> {
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
      const ownedByOther = owner === process.pid ? heldHere.has(lockFile) : isRunning(owner);
      if (Number.isInteger(owner) && owner > 0 && ownedByOther) throw new Error(inUse(owner));
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
