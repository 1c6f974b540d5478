import type { LedgerAccount } from './account.ts';
import { decodeMint, decodeTokenAccount } from '../encoding/spl-token-layout.ts';
import { uiTokenAmount } from '../encoding/token-amount.ts';
import type { TokenBalance } from './transaction-record.ts';

/** The token balances of a transaction's token accounts (meta.preTokenBalances / postTokenBalances). */
export function tokenBalances(
  keys: readonly string[],
  accounts: readonly (LedgerAccount | null)[],
  readMint: (mint: string) => LedgerAccount | null,
): TokenBalance[] {
  const balances: TokenBalance[] = [];
  accounts.forEach((account, accountIndex) => {
    if (!account || keys[accountIndex] === undefined) return;
    const token = decodeTokenAccount(account.owner, account.data);
    if (!token) return;
    const mintAccount = readMint(token.mint);
    const mint = mintAccount ? decodeMint(mintAccount.owner, mintAccount.data) : null;
    if (!mint) return;
    balances.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: account.owner,
      uiTokenAmount: uiTokenAmount(token.amount, mint.decimals),
    });
  });
  return balances;
}
