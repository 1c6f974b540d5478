import { confusableMints, shortenWallet } from '@jelly/domain';
import { useCallback, useMemo } from 'react';
import { useCoinsQuery } from './catalogueApi.ts';

export interface LabelledToken {
  mint: string;
  symbol: string;
}

/**
 * A token as lists name it: its symbol, followed by its short mint wherever another listed token's symbol or name
 * could be taken for it (two "USDC"s, or "USDC" and "UЅDC"), so a trader can always tell which one an offer uses.
 */
export function tokenLabel(token: LabelledToken, confusable: ReadonlySet<string>): string {
  return confusable.has(token.mint) ? `${token.symbol} (${shortenWallet(token.mint)})` : token.symbol;
}

/** tokenLabel over the catalogue's coins, for lists that show tokens by mint and symbol (offers, filters, forms). */
export function useTokenLabel(): (token: LabelledToken) => string {
  const { data: coins } = useCoinsQuery();
  const confusable = useMemo(() => confusableMints(coins ?? []), [coins]);
  return useCallback((token: LabelledToken) => tokenLabel(token, confusable), [confusable]);
}
