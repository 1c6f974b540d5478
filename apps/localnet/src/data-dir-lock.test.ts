import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jelly-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('records the owner pid, refuses a second owner while held, and frees the lock on release', async () => {
    const file = join(dir, 'pglite.lock');
    const release = await lockDataDir(file);
    expect(await readFile(file, 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(file)).rejects.toThrow(`in use by process ${process.pid}`);
    await release();
    const again = await lockDataDir(file);
    await again();
  });

  it('takes over a lock carrying its own pid from an earlier run (pid reuse in containers)', async () => {
    const file = join(dir, 'pglite.lock');
    await writeFile(file, String(process.pid));
    const release = await lockDataDir(file);
    await expect(lockDataDir(file)).rejects.toThrow('in use');
    await release();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const file = join(dir, 'pglite.lock');
    await writeFile(file, '2147483646');
    const release = await lockDataDir(file);
    expect(await readFile(file, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
