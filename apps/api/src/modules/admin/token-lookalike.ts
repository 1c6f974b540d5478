import { looksAlike, shortenWallet } from '@jelly/domain';
import { ne } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { tokens } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';

interface Label {
  mint: string;
  symbol: string;
  name: string;
}

const named = (token: Label) => `${token.symbol} (${token.name}, ${shortenWallet(token.mint)})`;

export const lookalikeSymbolRefused = (symbol: string, listed: Label[]) =>
  `${listed.map(named).join(', ')} ${listed.length === 1 ? 'is' : 'are'} already listed with a symbol traders could take for ${symbol}. ` +
  'To list this token beside it, give it a distinct name and confirm.';

export const lookalikeNameRefused = (listed: Label[]) =>
  `Give this token a name of its own: ${listed.map(named).join(', ')} has a symbol and a name traders could take for this one's.`;

/**
 * A second "USDC": a symbol that a listed token's (disabled ones too: they can come back) could be taken for, by case,
 * Unicode form or look-alike letters, is refused unless the admin confirms, and even then the name must differ, so
 * traders can tell the two apart. Refusals name the listed token and its mint.
 */
export async function checkLookalikeSymbol(db: Queryable, token: Label, confirmed: boolean): Promise<void> {
  const others = await db.select({ mint: tokens.mint, symbol: tokens.symbol, name: tokens.name }).from(tokens).where(ne(tokens.mint, token.mint));
  const listed = others.filter((other) => looksAlike(other.symbol, token.symbol));
  if (listed.length === 0) return;
  if (!confirmed) {
    throw new AppError('CONFLICT', lookalikeSymbolRefused(token.symbol, listed), { field: 'symbol', lookalikes: listed });
  }
  const sameName = listed.filter((other) => looksAlike(other.name, token.name));
  if (sameName.length > 0) throw badRequest(lookalikeNameRefused(sameName), { field: 'name' });
}
