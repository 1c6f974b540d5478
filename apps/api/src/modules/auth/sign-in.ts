import { buildSignInMessage, type AuthRequest } from '@jelly/contracts';
import { AppError } from '../../errors.ts';
import { decodeBase58 } from '../../lib/base58.ts';
import { INVALID_WALLET_MESSAGE } from './issue-nonce.ts';
import { consumeNonce, recordSignIn } from './auth-writes.ts';
import { findActiveBan, findNonce } from './queries.ts';
import { issueSession, type AuthDeps, type Session } from './session.ts';
import { walletBannedError } from './wallet-banned.ts';
import { isValidWalletSignature } from './wallet-signature.ts';

export const SIGN_IN_ERRORS = {
  invalidSignatureEncoding: 'Invalid signature: expected a base58 ed25519 signature (64 bytes).',
  unknownNonce: 'Unknown sign-in nonce. Request a new one.',
  foreignNonce: 'This sign-in nonce was issued for another wallet. Request a new one.',
  usedNonce: 'This sign-in nonce has already been used. Request a new one.',
  expiredNonce: 'This sign-in nonce has expired. Request a new one.',
  badSignature: 'The signature does not match the sign-in message for this wallet.',
} as const;

const nonceError = (message: string) => new AppError('NONCE_INVALID', message);

/**
 * POST /auth — verifies the wallet's signature over the message rebuilt from the server's own nonce record,
 * consumes the nonce exactly once, refuses banned wallets, creates the user on first sign-in, opens a session.
 */
export async function signIn({ db, config }: AuthDeps, request: AuthRequest): Promise<Session> {
  const publicKey = decodeBase58(request.wallet);
  if (publicKey?.length !== 32) throw new AppError('VALIDATION_ERROR', INVALID_WALLET_MESSAGE);
  const signature = decodeBase58(request.signature);
  if (signature?.length !== 64) throw new AppError('VALIDATION_ERROR', SIGN_IN_ERRORS.invalidSignatureEncoding);

  const now = config.now();
  const record = await findNonce(db, request.nonce);
  if (!record) throw nonceError(SIGN_IN_ERRORS.unknownNonce);
  if (record.wallet !== request.wallet) throw nonceError(SIGN_IN_ERRORS.foreignNonce);
  if (record.usedAt) throw nonceError(SIGN_IN_ERRORS.usedNonce);
  if (record.expiresAt.getTime() <= now.getTime()) throw nonceError(SIGN_IN_ERRORS.expiredNonce);

  const message = buildSignInMessage({
    domain: new URL(config.publicUrl).host,
    wallet: record.wallet,
    uri: config.publicUrl,
    nonce: record.nonce,
    issuedAt: record.issuedAt,
    expiresAt: record.expiresAt,
  });
  if (!isValidWalletSignature(publicKey, message, signature)) {
    throw new AppError('SIGNATURE_INVALID', SIGN_IN_ERRORS.badSignature);
  }
  // Only one of two concurrent sign-ins with the same nonce gets past this line.
  if (!(await consumeNonce(db, record.nonce, record.wallet, now))) throw nonceError(SIGN_IN_ERRORS.usedNonce);

  const ban = await findActiveBan(db, record.wallet, now);
  if (ban) throw walletBannedError(ban);

  await recordSignIn(db, record.wallet, now);
  return issueSession(db, config, record.wallet);
}
