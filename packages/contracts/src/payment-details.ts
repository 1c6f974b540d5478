import { MAX_PAYMENT_DETAILS_LENGTH, MAX_PAYMENT_METHODS } from '@jelly/domain';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Payment details: what a Sell offer's creator gives, per payment method, for the buyer to pay them (account name,
 * IBAN, phone number, …). Private: sent with the new offer (POST /orders/create-order `paymentDetails`) or replaced
 * later (PUT), read only through GET /orders/{orderId}/payment-details; never part of an order, market or
 * notification payload.
 */
export const paymentDetailsEntry = lazySchema(() => z.object({
  paymentMethodId: z.string().min(1).max(64),
  details: z
    .string()
    .trim()
    .min(1, 'Enter the payment details or leave the method out')
    .max(MAX_PAYMENT_DETAILS_LENGTH, `Payment details: at most ${MAX_PAYMENT_DETAILS_LENGTH} characters per method`),
}));
export type PaymentDetailsEntry = z.infer<typeof paymentDetailsEntry>;

/** At most one entry per payment method of the offer (the server checks they are the offer's own, each once). */
export const paymentDetailsInput = lazySchema(() => z
  .array(paymentDetailsEntry)
  .max(MAX_PAYMENT_METHODS, `Payment details: at most ${MAX_PAYMENT_METHODS} payment methods`));

/** GET /orders/{orderId}/payment-details (bearer): an offer (its creator) or a deal on it (see paymentDetailsAccess). */
export const paymentDetailsParams = lazySchema(() => z.object({
  orderId: z.coerce.number().int('Order id must be an integer').positive('Order id must be positive'),
}));
export const paymentDetailsResponse = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  /** The offer's methods that have details, in the offer's order. */
  entries: z.array(paymentDetailsEntry.extend({ paymentMethodName: z.string() })),
}));
export type PaymentDetailsResponse = z.infer<typeof paymentDetailsResponse>;

/**
 * PUT /orders/{offerId}/payment-details (bearer): the offer's creator replaces them (an empty list removes them all).
 * Answers what is stored now, as GET does.
 */
export const setPaymentDetailsRequest = lazySchema(() => z.object({ entries: paymentDetailsInput }));
export type SetPaymentDetailsRequest = z.infer<typeof setPaymentDetailsRequest>;

export const paymentDetailsPaths = {
  ofOrder: (id: number | string) => `/orders/${id}/payment-details`,
} as const;
