import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/helpers/local-s3.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const META = { contentType: 'image/png', originalName: 'Screenshot (1) – été.png' };

/** Yields `total` bytes in 256 KiB chunks, then fails if `failAfter` is set. */
function chunks(data: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < data.length; offset += 256 * 1024) {
        if (failAfter !== undefined && offset >= failAfter) throw new Error('upload stopped: too large');
        yield data.subarray(offset, offset + 256 * 1024);
      }
    })(),
  );
}

interface Backend {
  name: string;
  storage: ObjectStorage;
  storedKeys: () => Promise<string[]>;
}

let s3: LocalS3;
let diskRoot: string;
const backends: Backend[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
  diskRoot = await mkdtemp(join(tmpdir(), 'jelly-disk-'));
  backends.push(
    {
      name: 'local disk',
      storage: createLocalDiskStorage(diskRoot),
      storedKeys: async () =>
        (await readdir(diskRoot, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name).slice(diskRoot.length + 1))
          .sort(),
    },
    { name: 'S3 (s3rver)', storage: createS3Storage(s3.config), storedKeys: s3.keys },
  );
});

afterAll(async () => {
  for (const backend of backends) await backend.storage.close();
  await s3?.close();
  if (diskRoot) await rm(diskRoot, { recursive: true, force: true });
});

describe.each(['local disk', 'S3 (s3rver)'])('%s storage', (name) => {
  const backend = () => {
    const found = backends.find((b) => b.name === name);
    if (!found) throw new Error(`no backend ${name}`);
    return found;
  };

  it('stores a small object and reads back the same bytes', async () => {
    const { storage, storedKeys } = backend();
    const data = randomBytes(70_000);
    const { size } = await storage.put('7/small.png', chunks(data), META);
    expect(size).toBe(data.length);
    expect(await storedKeys()).toContain('7/small.png');
    const stored = await storage.get('7/small.png');
    expect(stored?.size).toBe(data.length);
    expect((await buffer(stored!.body)).equals(data)).toBe(true);
  });

  it('streams an object larger than one 5 MB part', async () => {
    const { storage } = backend();
    const data = randomBytes(12 * 1024 * 1024 + 123);
    expect((await storage.put('7/large.mp4', chunks(data), { ...META, contentType: 'video/mp4' })).size).toBe(data.length);
    const stored = await storage.get('7/large.mp4');
    expect((await buffer(stored!.body)).equals(data)).toBe(true);
  });

  it.each([
    ['early (first part)', 512 * 1024],
    ['late (after a full 5 MB part)', 6 * 1024 * 1024],
  ])('leaves nothing behind when the body fails %s', async (_label, failAfter) => {
    const { storage, storedKeys } = backend();
    const before = await storedKeys();
    await expect(storage.put('8/broken.png', chunks(randomBytes(8 * 1024 * 1024), failAfter), META)).rejects.toThrow(
      'upload stopped: too large',
    );
    expect(await storage.get('8/broken.png')).toBeNull();
    expect(await storedKeys()).toEqual(before);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    const { storage } = backend();
    expect(await storage.get('9/missing.pdf')).toBeNull();
    await storage.put('9/doomed.pdf', chunks(Buffer.from('%PDF-1.7 test')), { ...META, contentType: 'application/pdf' });
    expect(await storage.get('9/doomed.pdf')).not.toBeNull();
    await storage.delete('9/doomed.pdf');
    expect(await storage.get('9/doomed.pdf')).toBeNull();
    await storage.delete('9/doomed.pdf');
  });
});

describe('local disk storage keys', () => {
  it('refuses keys that leave its folder', async () => {
    const storage = createLocalDiskStorage(diskRoot);
    await expect(storage.put('../escape.png', chunks(Buffer.from('x')), META)).rejects.toThrow('Invalid object key');
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('Invalid object key');
    await expect(storage.get('.incoming/abc')).rejects.toThrow('Invalid object key');
  });
});
