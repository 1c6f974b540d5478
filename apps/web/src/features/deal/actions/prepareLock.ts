import {
  checkLock,
  CONNECT_WALLET_TO_LOCK,
  FAILED_TO_LOCK_ORDER,
  formatDisplayAmount,
  fromBaseUnits,
  ORDER_LOCKED,
} from '@jelly/domain';
import { PublicKey } from '@solana/web3.js';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { submitEscrowInstruction } from '../../../lib/solana/submitEscrowInstruction.ts';
import { assertCanSell } from '../../../lib/solana/walletChecks.ts';
import { lockInstructions } from '../chain/dealInstructions.ts';
import { outcomeOf, requireChain, type PrepareAction } from './dealAction.ts';

/**
 * Lock (the creator of a Sell offer, deal In Progress): a connected wallet, 0.001 SOL for fees and the deal's
 * amount in tokens, then the lock rule; confirmed, it sends accept_offer_and_lock ('Order locked').
 */
export const prepareLock: PrepareAction = async (deal, env) => {
  const chain = requireChain(env, CONNECT_WALLET_TO_LOCK);
  const amount = BigInt(deal.amount);
  const amountText = fromBaseUnits(amount, deal.tokenDecimal);
  await assertCanSell(chain.connection, chain.owner, {
    mint: new PublicKey(deal.tokenMint),
    amount,
    symbol: deal.tokenName,
    amountText,
  });
  const rule = checkLock(deal, env.viewer, amount);
  if (!rule.ok) throw new EscrowActionError(rule.error);

  const shown = `${formatDisplayAmount(amountText)} ${deal.tokenName}`;
  return {
    confirm: {
      title: `Lock ${shown}?`,
      description: `${shown} move from your wallet into the escrow. They are released to the buyer when you confirm the payment, or refunded to you if the deal is cancelled.`,
      confirmText: 'Lock Tokens',
      cancelText: 'Cancel',
      variant: 'primary',
    },
    run: async () => outcomeOf(await submitEscrowInstruction(lockInstructions(deal, chain.target), chain.submitContext)),
    successMessage: ORDER_LOCKED,
    failureMessage: FAILED_TO_LOCK_ORDER,
  };
};
