import { ADMIN_REASON_MIN } from '@jelly/contracts';
import { OrderStatus, RESOLVE_AWAITING_SECOND_ADMIN, RESOLVE_FAILED, RESOLVE_SUBMITTED } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { testStore } from '../../../test/renderApp.tsx';
import { ApiError } from '../../../lib/api/apiError.ts';
import { adminHeader, approval } from '../test/fixtures.ts';
import { prepareResolve } from './prepareResolve.ts';

const RESOLVE = 'POST /api/admin/orders/42/resolve';
const executed = { state: 'executed', orderId: 42, status: OrderStatus.AdminResolved, signature: 'sig', releaseTo: 'buyer', reason: 'Paid in full.' };

function storeAnswering(answer: () => Response) {
  const api = fakeApi({ [RESOLVE]: answer });
  return { api, dispatch: testStore({ api }).store.dispatch };
}

describe('prepareResolve', () => {
  it('is not offered without the order or with a reason shorter than the minimum (spaces do not count)', () => {
    const { dispatch } = storeAnswering(() => json(200, executed));
    expect(prepareResolve(undefined, 'buyer', 'Paid in full.', dispatch)).toBeNull();
    expect(prepareResolve(adminHeader(), 'buyer', ` ${'x'.repeat(ADMIN_REASON_MIN - 1)}  `, dispatch)).toBeNull();
    expect(prepareResolve(adminHeader(), 'buyer', 'x'.repeat(ADMIN_REASON_MIN), dispatch)).not.toBeNull();
  });

  it('says what moves to whom: released to the buyer, refunded to the seller', () => {
    const { dispatch } = storeAnswering(() => json(200, executed));
    const buyer = prepareResolve(adminHeader(), 'buyer', 'Paid in full.', dispatch)!;
    expect(buyer.confirm).toMatchObject({ title: 'Send to Buyer?', confirmText: 'Release to Buyer', variant: 'warning' });
    expect(buyer.confirm.description).toMatch(/^Release 40.00 USDC from the escrow to the buyer .+ \(minus the platform fee\)/);
    const seller = prepareResolve(adminHeader(), 'seller', 'Never paid.', dispatch)!;
    expect(seller.confirm).toMatchObject({ title: 'Send to Seller?', confirmText: 'Refund to Seller' });
    expect(seller.confirm.description).toMatch(/^Refund 40.00 USDC to the seller /);
    expect(seller.failureMessage).toBe(RESOLVE_FAILED);
  });

  it('posts the trimmed reason and tells an executed resolution from one waiting for a second admin', async () => {
    const { api, dispatch } = storeAnswering(() => json(200, executed));
    const prepared = prepareResolve(adminHeader(), 'buyer', '  Paid in full.  ', dispatch)!;
    const outcome = await prepared.run();
    expect(JSON.parse(api.callsTo(RESOLVE)[0]!.body)).toEqual({ releaseTo: 'buyer', reason: 'Paid in full.' });
    expect(prepared.successMessage(outcome)).toBe(RESOLVE_SUBMITTED);
    expect(prepared.successMessage({ state: 'pending_approval', orderId: 42, approval: approval('Adm1n') })).toBe(RESOLVE_AWAITING_SECOND_ADMIN);
  });

  it('throws a refusal as an ApiError with the server’s reason', async () => {
    const { dispatch } = storeAnswering(() => apiError(409, 'CONFLICT', 'Order already resolved by admin.'));
    const failure = await prepareResolve(adminHeader(), 'seller', 'Never paid.', dispatch)!.run().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'Order already resolved by admin.' });
  });
});
