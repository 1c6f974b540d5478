import bs58 from 'bs58';
import { z } from 'zod';
import type { LocalnetChain } from '../chain/localnet-chain.ts';
import { invalidParams, RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';

const isBase58Of = (length: number) => (value: string): boolean => {
  try {
    return bs58.decode(value).length === length;
  } catch {
    return false;
  }
};

export const pubkeySchema = z.string().refine(isBase58Of(32), { message: 'Invalid param: Invalid public key' });
export const signatureSchema = z.string().refine(isBase58Of(64), { message: 'Invalid param: Invalid signature' });

export const commitmentSchema = z.enum(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max']);

/** Commitment is accepted and ignored: everything is final as soon as it is processed. */
export const contextConfigSchema = z.object({
  commitment: commitmentSchema.optional(),
  minContextSlot: z.number().int().nonnegative().optional(),
});

export const accountEncodingSchema = z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed']);

export const dataSliceSchema = z.object({
  offset: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
});

export const accountConfigSchema = contextConfigSchema.extend({
  encoding: accountEncodingSchema.optional(),
  dataSlice: dataSliceSchema.optional(),
});

/** A commitment string or a config object, as older clients send for some methods. */
export const commitmentOrConfig = contextConfigSchema.or(commitmentSchema.transform((commitment) => ({ commitment })));

/**
 * Validates positional params with a zod tuple; missing params are an empty list. Errors read like a node's:
 * "Invalid params: ..." (or the field's own "Invalid param: ..." message).
 */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const parsed = schema.safeParse(params === undefined || params === null ? [] : params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? 'invalid params';
  const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
  throw invalidParams(message.startsWith('Invalid param') ? message : `Invalid params: ${message}${where}`);
}

export function context(chain: LocalnetChain, config?: object): { slot: number; apiVersion: string } {
  const minContextSlot = config && 'minContextSlot' in config ? config.minContextSlot : undefined;
  if (typeof minContextSlot === 'number' && minContextSlot > chain.ledger.slot) {
    throw new RpcError(RPC_ERROR.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: chain.ledger.slot,
    });
  }
  return { slot: chain.ledger.slot, apiVersion: SOLANA_CORE_VERSION };
}

/** The agave version reported by getVersion (LiteSVM embeds an agave 2.x runtime). */
export const SOLANA_CORE_VERSION = '2.3.0';
