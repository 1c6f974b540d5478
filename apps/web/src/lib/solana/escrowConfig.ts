import './buffer.ts';
import { decodeConfig, findConfigPda, type Config } from '@jelly/escrow';
import { TX_COMMITMENT, WALLET_NOT_READY } from '@jelly/domain';
import type { Connection, PublicKey } from '@solana/web3.js';
import { EscrowActionError, rpcError } from './escrowErrors.ts';

/**
 * The escrow program's Config account (admin, treasury, fee_bps): the single source of truth for the fee and the
 * treasury that receives it. Read from the chain, never assumed.
 */
export async function readEscrowConfig(connection: Pick<Connection, 'getAccountInfo'>, programId: PublicKey): Promise<Config> {
  const [address] = findConfigPda(programId);
  let account: Awaited<ReturnType<Connection['getAccountInfo']>>;
  try {
    account = await connection.getAccountInfo(address, TX_COMMITMENT);
  } catch (error) {
    throw rpcError(error);
  }
  // Missing, or not the program's own account: the program is not deployed or not initialised on this cluster.
  if (!account || !account.owner.equals(programId)) throw new EscrowActionError(WALLET_NOT_READY);
  try {
    return decodeConfig(account.data);
  } catch {
    throw new EscrowActionError(WALLET_NOT_READY);
  }
}
