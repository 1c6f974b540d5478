import { KNOWN_MINTS, type Coin } from '@jelly/contracts';
import { TX_COMMITMENT } from '@jelly/domain';
import { associatedTokenAddress } from '@jelly/escrow';
import { PublicKey } from '@solana/web3.js';
import { useEffect, useState } from 'react';
import { tokenBalance, type BalanceReader } from '../../../lib/solana/walletChecks.ts';

export interface SwapBalances {
  /** Base units of the paid token; null while unknown. */
  input: bigint | null;
  output: bigint | null;
  /** The user has no account for the received token yet (the swap opens it, the user paying its rent). */
  outputAccountMissing: boolean;
}

const UNKNOWN: SwapBalances = { input: null, output: null, outputAccountMissing: false };

export const isSol = (coin: Pick<Coin, 'mint'>) => coin.mint === KNOWN_MINTS.SOL;

/** SOL is held natively (lamports); other tokens in the owner's associated token account. */
async function balanceOf(connection: BalanceReader, owner: PublicKey, coin: Coin): Promise<bigint> {
  if (isSol(coin)) return BigInt(await connection.getBalance(owner, TX_COMMITMENT));
  return tokenBalance(connection, owner, new PublicKey(coin.mint));
}

/**
 * Both tokens' balances of the connected wallet, read from the chain; read again whenever `refreshKey` changes
 * (after a swap lands).
 */
export function useSwapBalances(
  connection: BalanceReader | null,
  owner: PublicKey | null,
  input: Coin | undefined,
  output: Coin | undefined,
  refreshKey: unknown,
): SwapBalances {
  // Balances are kept with what they were read for: a change of wallet, token or refresh shows '—' until read again.
  const [read, setRead] = useState<{ key: string; balances: SwapBalances } | null>(null);
  const ownerKey = owner?.toBase58() ?? null;
  const key = `${ownerKey}|${input?.mint}|${output?.mint}|${String(refreshKey)}`;

  useEffect(() => {
    if (!connection || !owner || !input || !output) return;
    let live = true;
    void (async () => {
      try {
        const [inAmount, outAmount, outAccount] = await Promise.all([
          balanceOf(connection, owner, input),
          balanceOf(connection, owner, output),
          isSol(output) ? Promise.resolve(true) : connection.getAccountInfo(associatedTokenAddress(new PublicKey(output.mint), owner), TX_COMMITMENT),
        ]);
        if (live) setRead({ key, balances: { input: inAmount, output: outAmount, outputAccountMissing: !outAccount } });
      } catch {
        // Unknown balances show as '—'; the server still refuses a swap the wallet cannot pay.
      }
    })();
    return () => {
      live = false;
    };
    // The key names everything read (the adapter hands out a new PublicKey object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection, key]);

  return read?.key === key ? read.balances : UNKNOWN;
}
