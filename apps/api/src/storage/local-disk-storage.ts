import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectMetadata, ObjectStorage, StoredObject } from './object-storage.ts';

/**
 * Objects as files under `root` (DATA_DIR/attachments by default). Bytes go to a temporary file first and are
 * renamed into place only when complete, so a failed or aborted upload never leaves a visible object.
 * Metadata lives in the database (chat_attachments), not beside the file.
 */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const incoming = join(base, '.incoming');

  const pathOf = (key: string): string => {
    const path = resolve(base, key);
    const inside = relative(base, path);
    if (!inside || inside.startsWith('..') || inside.split(sep).includes('.incoming')) {
      throw new Error(`Invalid object key: ${key}`);
    }
    return path;
  };

  return {
    kind: 'local',

    async put(key: string, body: Readable, _metadata: ObjectMetadata) {
      const target = pathOf(key);
      await mkdir(incoming, { recursive: true, mode: 0o700 });
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const temporary = join(incoming, randomBytes(16).toString('hex'));
      try {
        await pipeline(body, createWriteStream(temporary, { mode: 0o600, flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },

    async get(key: string): Promise<StoredObject | null> {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key: string) {
      await rm(pathOf(key), { force: true });
    },

    async close() {},
  };
}
