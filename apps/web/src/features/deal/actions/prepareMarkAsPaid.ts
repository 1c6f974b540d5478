import { checkSign, FAILED_TO_SIGN_TICKET, formatCents, formatDisplayAmount, fromBaseUnits, OrderStatus, TICKET_SIGNED } from '@jelly/domain';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { readEscrowConfig } from '../../../lib/solana/escrowConfig.ts';
import { submitEscrowInstruction } from '../../../lib/solana/submitEscrowInstruction.ts';
import { assertFeeBalance } from '../../../lib/solana/walletChecks.ts';
import { lockAmounts, signInstructions } from '../chain/dealInstructions.ts';
import { outcomeOf, requireChain, type PrepareAction } from './dealAction.ts';

/**
 * Mark as Paid: the fiat side says the payment was sent (Locked → Signed By One Party), then the crypto side
 * confirms it arrived, which settles the escrow (→ Completed). Both sign sign_universal_ticket ('Ticket signed').
 */
export const prepareMarkAsPaid: PrepareAction = async (deal, env) => {
  const chain = requireChain(env);
  await assertFeeBalance(chain.connection, chain.owner);
  const rule = checkSign(deal, env.viewer);
  if (!rule.ok) throw new EscrowActionError(rule.error);

  const tokens = `${formatDisplayAmount(fromBaseUnits(BigInt(deal.amount), deal.tokenDecimal))} ${deal.tokenName}`;
  const fiat = `${formatCents(lockAmounts(deal).fiatAmount, true)} ${deal.fiatCode}`;
  const settles = rule.value === OrderStatus.Completed;
  return {
    confirm: settles
      ? {
          title: 'Confirm payment received?',
          description: `Confirm only once ${fiat} has arrived in your account: ${tokens} are then released from the escrow to the buyer. This cannot be undone.`,
          confirmText: 'Release Tokens',
          cancelText: 'Cancel',
          variant: 'warning',
        }
      : {
          title: 'Mark as Paid?',
          description: `Confirm that you have sent ${fiat} to the seller. The seller then checks the payment and releases ${tokens} to you.`,
          confirmText: 'Yes, I Have Paid',
          cancelText: 'Cancel',
          variant: 'primary',
        },
    run: async () => {
      const treasury = settles ? (await readEscrowConfig(chain.connection, chain.target.programId)).treasury : null;
      const instructions = signInstructions(deal, chain.owner.toBase58(), chain.target, treasury);
      return outcomeOf(await submitEscrowInstruction(instructions, chain.submitContext));
    },
    successMessage: TICKET_SIGNED,
    failureMessage: FAILED_TO_SIGN_TICKET,
  };
};
