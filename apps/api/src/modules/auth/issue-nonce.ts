import { randomBytes } from 'node:crypto';
import { buildSignInMessage, type NonceResponse } from '@jelly/contracts';
import bs58 from 'bs58';
import type { AuthDeps } from './session.ts';
import { AppError } from '../../errors.ts';
import { isPublicKey } from '../../lib/base58.ts';
import { deleteNoncesExpiredBefore, insertNonce } from './auth-writes.ts';

const NONCE_BYTES = 16; // 128 bits
const NONCE_RETENTION_MS = 24 * 60 * 60 * 1000;

export const INVALID_WALLET_MESSAGE = 'Invalid wallet address: expected a base58 Solana public key (32 bytes).';

/** GET /auth/nonce — a random single-use nonce bound to `wallet`, and the exact message to sign. */
export async function issueNonce({ db, config }: AuthDeps, wallet: string): Promise<NonceResponse> {
  if (!isPublicKey(wallet)) throw new AppError('VALIDATION_ERROR', INVALID_WALLET_MESSAGE);
  const issuedAt = config.now();
  const expiresAt = new Date(issuedAt.getTime() + config.nonceTtlSeconds * 1000);
  const nonce = bs58.encode(randomBytes(NONCE_BYTES));
  await insertNonce(db, { nonce, wallet, issuedAt, expiresAt });
  await deleteNoncesExpiredBefore(db, new Date(issuedAt.getTime() - NONCE_RETENTION_MS));
  const message = buildSignInMessage({
    domain: new URL(config.publicUrl).host,
    wallet,
    uri: config.publicUrl,
    nonce,
    issuedAt,
    expiresAt,
  });
  return { nonce, message, expiresAt: expiresAt.toISOString() };
}
