import type { TokenInspection } from '@jelly/contracts';
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  getExtensionTypes,
  getTransferFeeConfig,
  unpackMint,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Queryable } from '../../db/rows.ts';
import { tokens } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const MINT_NOT_FOUND = 'No mint account exists at this address on the configured chain.';
export const NOT_A_MINT = 'This account is not a token mint (its owner is neither SPL Token nor Token-2022).';
export const TRANSFER_FEE_REFUSED =
  'Token-2022 mints with a transfer fee cannot be listed: the fee would change the amounts the escrow holds and pays out.';
export const TOKEN_2022_REFUSED =
  'The escrow moves SPL Token mints only; a Token-2022 mint could be listed but never locked in a deal.';
export const FREEZE_AUTHORITY_WARNING =
  "The mint has a freeze authority: its holder can freeze any account of this token, the escrow's included.";
export const MINT_AUTHORITY_WARNING = 'The mint still has a mint authority: its holder can create more tokens at will.';

/**
 * GET /admin/tokens/inspect — reads the mint from the configured chain: whether it exists, its token program,
 * decimals, supply and authorities, and its Token-2022 extensions. `refusal` says why it cannot be listed.
 */
export async function inspectMint(db: Queryable, chain: Chain, mint: string): Promise<TokenInspection> {
  let address: PublicKey;
  try {
    address = new PublicKey(mint);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid mint address', { field: 'mint' });
  }
  const [listed] = await db.select({ mint: tokens.mint }).from(tokens).where(eq(tokens.mint, mint));
  const empty: TokenInspection = {
    mint,
    exists: false,
    program: null,
    decimals: null,
    supply: null,
    mintAuthority: null,
    freezeAuthority: null,
    extensions: [],
    transferFee: null,
    alreadyListed: listed !== undefined,
    refusal: MINT_NOT_FOUND,
    warnings: [],
  };
  let info;
  try {
    info = await chain.connection.getAccountInfo(address, 'confirmed');
  } catch {
    throw new AppError('CHAIN_UNAVAILABLE', 'The chain did not answer; try again.');
  }
  if (!info) return empty;
  const program = info.owner.equals(TOKEN_PROGRAM_ID) ? 'spl-token' : info.owner.equals(TOKEN_2022_PROGRAM_ID) ? 'token-2022' : null;
  if (!program) return { ...empty, exists: true, refusal: NOT_A_MINT };
  let state;
  try {
    state = unpackMint(address, info, info.owner);
  } catch {
    return { ...empty, exists: true, program, refusal: NOT_A_MINT };
  }
  const extensions = program === 'token-2022' ? getExtensionTypes(state.tlvData).map((type) => ExtensionType[type] ?? `Unknown(${type})`) : [];
  const fee = program === 'token-2022' ? getTransferFeeConfig(state) : null;
  const transferFee = fee
    ? { basisPoints: fee.newerTransferFee.transferFeeBasisPoints, maximumFee: fee.newerTransferFee.maximumFee.toString() }
    : null;
  const warnings: string[] = [];
  if (state.freezeAuthority) warnings.push(FREEZE_AUTHORITY_WARNING);
  if (state.mintAuthority) warnings.push(MINT_AUTHORITY_WARNING);
  const refusal = transferFee ? TRANSFER_FEE_REFUSED : program === 'token-2022' ? TOKEN_2022_REFUSED : null;
  return {
    mint,
    exists: true,
    program,
    decimals: state.decimals,
    supply: state.supply.toString(),
    mintAuthority: state.mintAuthority?.toBase58() ?? null,
    freezeAuthority: state.freezeAuthority?.toBase58() ?? null,
    extensions,
    transferFee,
    alreadyListed: listed !== undefined,
    refusal,
    warnings,
  };
}
