import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on a localnet data folder: two localnets writing one state file would corrupt it.
 * A lock left by a process that is gone is taken over. Returns the release function.
 */
export function lockDataDir(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && isRunning(owner)) {
        throw new Error(`The localnet data folder is in use (lock ${lockFile} held by process ${owner}); give each localnet its own data folder`);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the localnet data folder (${lockFile})`);
}
