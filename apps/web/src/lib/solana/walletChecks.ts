import './buffer.ts';
import { associatedTokenAddress } from '@jelly/escrow';
import { checkSellBalance, checkSolForFees, FAILED_TO_CHECK_BALANCES, TX_COMMITMENT } from '@jelly/domain';
import { PublicKey, type Connection } from '@solana/web3.js';
import { EscrowActionError } from './escrowErrors.ts';

export type BalanceReader = Pick<Connection, 'getBalance' | 'getAccountInfo'>;

/** SPL token account layout: mint (32), owner (32), amount u64 LE at byte 64; 165 bytes in all. */
const TOKEN_ACCOUNT_SIZE = 165;
const TOKEN_AMOUNT_OFFSET = 64;
const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

/** The wallet needs at least 0.001 SOL for fees ('You need at least 0.001 SOL to pay fees. …'). */
export async function assertFeeBalance(connection: BalanceReader, owner: PublicKey): Promise<void> {
  const lamports = await read(() => connection.getBalance(owner, TX_COMMITMENT));
  const check = checkSolForFees(BigInt(lamports));
  if (!check.ok) throw new EscrowActionError(check.error);
}

/** The token balance of the owner's associated token account in base units (0 when it does not exist). */
export async function tokenBalance(connection: BalanceReader, owner: PublicKey, mint: PublicKey): Promise<bigint> {
  const account = await read(() => connection.getAccountInfo(associatedTokenAddress(mint, owner), TX_COMMITMENT));
  if (!account) return 0n;
  if (!account.owner.equals(TOKEN_PROGRAM_ID) || account.data.length < TOKEN_ACCOUNT_SIZE) {
    throw new EscrowActionError(FAILED_TO_CHECK_BALANCES);
  }
  const data = account.data;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(TOKEN_AMOUNT_OFFSET, true);
}

export interface SellAmount {
  mint: PublicKey;
  /** Base units to lock. */
  amount: bigint;
  symbol: string;
  /** The amount as the user sees it, for 'Insufficient {symbol} balance to sell {amount} {symbol}'. */
  amountText: string;
}

/** Before a lock: enough SOL for fees, and the token balance covers the amount. */
export async function assertCanSell(connection: BalanceReader, owner: PublicKey, sell: SellAmount): Promise<void> {
  await assertFeeBalance(connection, owner);
  const balance = await tokenBalance(connection, owner, sell.mint);
  const check = checkSellBalance({ balance, amount: sell.amount, symbol: sell.symbol, amountText: sell.amountText });
  if (!check.ok) throw new EscrowActionError(check.error);
}

async function read<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new EscrowActionError(FAILED_TO_CHECK_BALANCES);
  }
}
