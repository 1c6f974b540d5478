import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fakeApi.ts';
import { testStore } from '../../test/renderApp.tsx';
import { ApiError, apiErrorMessage, unwrapApi } from './apiError.ts';
import { orderCancelApi } from './orderCancelApi.ts';

const ROUTE = 'PUT /api/orders/update-offers';

/** Dispatches the database cancel against a server answering `answer`, and returns what unwrapApi threw. */
async function failureOf(answer: () => Response | Promise<Response>): Promise<unknown> {
  const { store } = testStore({ api: fakeApi({ [ROUTE]: answer }) });
  return unwrapApi(store.dispatch(orderCancelApi.endpoints.cancelOrderInDatabase.initiate({ orderId: 5 }, { track: false }))).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('unwrapApi: an endpoint fails the way a direct call did', () => {
  it('answers the endpoint data on success', async () => {
    const { store } = testStore({ api: fakeApi({ [ROUTE]: () => json(200, { orderId: 5, status: 4 }) }) });
    const answer = await unwrapApi(store.dispatch(orderCancelApi.endpoints.cancelOrderInDatabase.initiate({ orderId: 5 }, { track: false })));
    expect(answer).toEqual({ orderId: 5, status: 4 });
  });

  it("an HTTP refusal is an ApiError with the server's status, code and message", async () => {
    const error = await failureOf(() => apiError(409, 'CONFLICT', 'Order is already cancelled'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Order is already cancelled' });
  });

  it('an answer without an error body is an ApiError naming the status', async () => {
    const error = await failureOf(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: null, message: 'Request failed with status 502' });
  });

  it("a network failure is an Error with fetch's reason", async () => {
    const error = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('Failed to fetch');
  });
});

describe('apiErrorMessage', () => {
  const FALLBACK = 'Try again';
  // What RTK Query's hooks and unwrap() hold for a failed call, before any conversion.
  const rtk = (status: unknown, data: unknown) => ({ status, data });
  const body = (code: string, message: string) => ({ error: { code, message } });

  it.each([
    ['a refusal from RTK Query', rtk(409, body('CONFLICT', 'Order already resolved by admin.')), 'Order already resolved by admin.'],
    ['a refusal already an ApiError', new ApiError('Reason is too short', 400, 'VALIDATION_ERROR'), 'Reason is too short'],
    ['a server failure (its text stays in the logs)', rtk(500, body('INTERNAL_ERROR', 'Internal server error')), FALLBACK],
    ['a 4xx without the error body', rtk(404, '<html>not found</html>'), FALLBACK],
    ['an ApiError without a server code', new ApiError('Request failed with status 403', 403), FALLBACK],
    ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, FALLBACK],
    ['a thrown string', 'boom', FALLBACK],
    ['nothing', undefined, FALLBACK],
  ])('%s', (_name, error, expected) => {
    expect(apiErrorMessage(error, FALLBACK)).toBe(expected);
  });

  it('reads the refusal a real call ends with', async () => {
    const error = await failureOf(() => apiError(409, 'CONFLICT', 'The offer is no longer active'));
    expect(apiErrorMessage(error, FALLBACK)).toBe('The offer is no longer active');
  });
});
