import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The HS256 key kept in the data folder: 32 random bytes generated on first start (file mode 0600),
 * read back afterwards so sessions survive a restart. `wx` makes two racing starts agree on one key.
 */
export async function loadOrCreateJwtSecret(dataDir: string): Promise<Uint8Array> {
  const file = join(dataDir, JWT_SECRET_FILE);
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  if (secret.length < 32) throw new Error(`${file} is corrupt: expected 32 base64url-encoded bytes`);
  return new Uint8Array(secret);
}
