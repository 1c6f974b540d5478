import bs58 from 'bs58';
import { z } from 'zod';
import type { LedgerAccount } from '../chain/account.ts';

export type AccountFilter = { dataSize: number } | { memcmp: { offset: number; bytes: Buffer } };

const MAX_MEMCMP_BYTES = 128;

const memcmpSchema = z
  .object({
    offset: z.number().int().nonnegative(),
    bytes: z.string(),
    encoding: z.enum(['base58', 'base64']).optional(),
  })
  .transform(({ offset, bytes, encoding }, ctx) => {
    let decoded: Buffer;
    try {
      decoded = encoding === 'base64' ? Buffer.from(bytes, 'base64') : Buffer.from(bs58.decode(bytes));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid param: invalid memcmp bytes' });
      return z.NEVER;
    }
    if (decoded.length > MAX_MEMCMP_BYTES) {
      ctx.addIssue({ code: 'custom', message: `Invalid param: memcmp bytes longer than ${MAX_MEMCMP_BYTES}` });
      return z.NEVER;
    }
    return { offset, bytes: decoded };
  });

/** getProgramAccounts / programSubscribe filters (dataSize, memcmp); at most 4, as on a real node. */
export const accountFiltersSchema = z
  .array(z.union([z.object({ dataSize: z.number().int().nonnegative() }), z.object({ memcmp: memcmpSchema })]))
  .max(4);

export function matchesFilters(account: LedgerAccount, filters: readonly AccountFilter[]): boolean {
  return filters.every((filter) => {
    if ('dataSize' in filter) return account.data.length === filter.dataSize;
    const { offset, bytes } = filter.memcmp;
    if (offset + bytes.length > account.data.length) return false;
    return Buffer.from(account.data.subarray(offset, offset + bytes.length)).equals(bytes);
  });
}
