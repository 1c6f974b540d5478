import type { WalletBannedDetails } from '@jelly/contracts';
import { AppError } from '../../errors.ts';

export function walletBannedError(ban: { reason: string; until: Date }): AppError {
  const details: WalletBannedDetails = { reason: ban.reason, until: ban.until.toISOString() };
  return new AppError('WALLET_BANNED', `This wallet is banned until ${details.until}. Reason: ${ban.reason}`, details);
}
