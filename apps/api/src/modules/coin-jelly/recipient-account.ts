import type { JellyCoin } from '@jelly/contracts';
import { fromBaseUnits } from '@jelly/domain';
import { ACCOUNT_SIZE, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, type Connection } from '@solana/web3.js';

export const NO_TOKEN_ACCOUNT = (coin: string, rentSol: string) =>
  `This address has no ${coin} account: it needs one, about ${rentSol} SOL, paid by the recipient`;

const LAMPORTS_DECIMALS = 9;
/** The rent is shown to a thousandth of a SOL ("about 0.002 SOL"), rounded half up; smaller rents in full. */
const SHOWN_DECIMALS = 3;

export function aboutSol(lamports: bigint): string {
  const step = 10n ** BigInt(LAMPORTS_DECIMALS - SHOWN_DECIMALS);
  const rounded = ((lamports + step / 2n) / step) * step;
  return fromBaseUnits(rounded > 0n ? rounded : lamports, LAMPORTS_DECIMALS);
}

/** The rent-exempt minimum of a token account, read once per connection (it changes only with the cluster's rent). */
const rents = new WeakMap<Connection, Promise<number>>();
function tokenAccountRent(connection: Connection): Promise<number> {
  let rent = rents.get(connection);
  if (!rent) {
    rent = connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE, 'confirmed');
    rents.set(connection, rent);
    rent.catch(() => rents.delete(connection));
  }
  return rent;
}

/**
 * The quote's warning before reservation: the recipient has no token account for the receive coin, so the payout
 * will wait until that wallet opens one (the platform never pays its rent). Nothing to say for a native coin, an
 * address that is not a Solana address yet (still being typed), or an account that exists.
 */
export async function recipientWarning(connection: Connection, coin: JellyCoin, address: string | undefined): Promise<string | undefined> {
  if (!coin.mint || coin.chain !== 'Solana' || !address) return undefined;
  let owner: PublicKey;
  try {
    owner = new PublicKey(address);
  } catch {
    return undefined;
  }
  const account = getAssociatedTokenAddressSync(new PublicKey(coin.mint), owner, true);
  if (await connection.getAccountInfo(account, 'confirmed')) return undefined;
  return NO_TOKEN_ACCOUNT(coin.currency, aboutSol(BigInt(await tokenAccountRent(connection))));
}
