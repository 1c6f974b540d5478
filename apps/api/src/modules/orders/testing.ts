/** Test helpers for orders and market tests (real app, real signatures). Not used by product code. */
import type { CreateOrderRequest } from '@jelly/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signIn } from '../../../test/helpers/sign-in.ts';
import type { TestWallet } from '../../../test/helpers/wallet.ts';

export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const SOL_MINT = 'So11111111111111111111111111111111111111112';

export interface Session {
  wallet: TestWallet;
  token: string;
  headers: { authorization: string };
}

export async function session(app: FastifyInstance, wallet: TestWallet): Promise<Session> {
  const { body } = await signIn(app, wallet);
  return { wallet, token: body.accessToken, headers: { authorization: `Bearer ${body.accessToken}` } };
}

/** A valid Buy offer body (no balance needed): 100 USDC at 0.92 EUR, limits 10–92 EUR, two methods. */
export function buyOfferBody(overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    amount: '100000000',
    tokenMint: USDC_MINT,
    fiatCode: 'EUR',
    price: '0.92',
    minFiatAmount: '10',
    maxFiatAmount: '92',
    paymentMethodIds: ['sepa', 'revolut'],
    orderSide: 1,
    paymentWindowMinutes: 30,
    ...overrides,
  };
}

/**
 * The payment details a Buy offer's claimer (the seller) gives with the claim: required there, refused on a Sell
 * offer's claim. Spread into a claim body: `{ parentOrderId, amount, ...sellerDetails() }`.
 */
export function sellerDetails(paymentMethodId = 'sepa'): { paymentDetails: { paymentMethodId: string; details: string }[] } {
  return { paymentDetails: [{ paymentMethodId, details: 'IBAN DE89 3704 0044 0532 0130 00 · Test Seller' }] };
}

export function postOrder(app: FastifyInstance, s: Session | null, payload: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/orders/create-order', headers: s?.headers ?? {}, payload: payload as object });
}

export async function createOrder(app: FastifyInstance, s: Session, payload: unknown): Promise<number> {
  const response = await postOrder(app, s, payload);
  if (response.statusCode !== 200) throw new Error(`create-order failed: ${response.statusCode} ${response.body}`);
  return response.json<{ orderId: number }>().orderId;
}

export function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string } {
  const body = response.json<{ error: { code: string; message: string } }>();
  return { status: response.statusCode, code: body.error.code, message: body.error.message };
}
