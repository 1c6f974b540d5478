import { CANCEL_FAILED, checkCancel, checkCancelAfterLock, ORDER_CANCELLED, OrderStatus } from '@jelly/domain';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import { orderCancelApi } from '../../../lib/api/orderCancelApi.ts';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { submitEscrowInstruction } from '../../../lib/solana/submitEscrowInstruction.ts';
import { assertFeeBalance } from '../../../lib/solana/walletChecks.ts';
import { cancelInstructions } from '../chain/dealInstructions.ts';
import { outcomeOf, requireChain, type PrepareAction, type PreparedAction } from './dealAction.ts';

const keepDeal = 'Keep Deal';

/**
 * Cancel Deal. Before the lock it is a database cancel (PUT /orders/update-offers?orderStatus=4, either party);
 * after the lock only the fiat side may cancel, on chain (cancel_universal_ticket refunds the crypto side).
 */
export const prepareCancel: PrepareAction = async (deal, env) => {
  if (deal.status === OrderStatus.CryptoGuyLockedCrypto) return prepareOnchainCancel(deal, env);
  const rule = checkCancel(deal, env.viewer);
  if (!rule.ok) throw new EscrowActionError(rule.error);
  return {
    confirm: {
      title: 'Cancel Deal?',
      description: 'Nothing has been locked yet: the deal ends and its amount goes back to the offer.',
      confirmText: 'Yes, Cancel Deal',
      cancelText: keepDeal,
      variant: 'danger',
    },
    run: async () => {
      const args = { orderId: deal.orderId, parentOrderId: deal.parentOrderId };
      const answer = await unwrapApi(env.dispatch(orderCancelApi.endpoints.cancelOrderInDatabase.initiate(args, { track: false })));
      return { status: answer.status };
    },
    successMessage: ORDER_CANCELLED,
    failureMessage: CANCEL_FAILED,
  };
};

async function prepareOnchainCancel(deal: Parameters<PrepareAction>[0], env: Parameters<PrepareAction>[1]): Promise<PreparedAction> {
  const chain = requireChain(env);
  await assertFeeBalance(chain.connection, chain.owner);
  const rule = checkCancelAfterLock(deal, env.viewer);
  if (!rule.ok) throw new EscrowActionError(rule.error);
  return {
    confirm: {
      title: 'Cancel Deal?',
      description: 'The locked tokens go back to the seller in full. Cancel only if you have not paid.',
      confirmText: 'Yes, Cancel Deal',
      cancelText: keepDeal,
      variant: 'danger',
    },
    run: async () => outcomeOf(await submitEscrowInstruction(cancelInstructions(deal, chain.target), chain.submitContext)),
    successMessage: ORDER_CANCELLED,
    failureMessage: CANCEL_FAILED,
  };
}
