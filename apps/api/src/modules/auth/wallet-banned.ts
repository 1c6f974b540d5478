import type { WalletBannedDetails } from '@jelly/contracts';
import { formatUtcDateTime } from '@jelly/domain';
import { AppError } from '../../errors.ts';

export function walletBannedError(ban: { reason: string; until: Date }): AppError {
  const details: WalletBannedDetails = { reason: ban.reason, until: ban.until.toISOString() };
  return new AppError('WALLET_BANNED', `This wallet is banned until ${formatUtcDateTime(ban.until)}. Reason: ${ban.reason}`, details);
}
