import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** `type` query values of GET /payments. */
export const PAYMENTS_TYPE = { methods: 0, currencies: 1 } as const;

/** GET /payments?type=0|1 */
export const paymentsQuery = lazySchema(() => z.object({
  type: z
    .enum(['0', '1'], { error: 'type must be 0 (payment methods) or 1 (currencies)' })
    .transform((value) => (value === '0' ? PAYMENTS_TYPE.methods : PAYMENTS_TYPE.currencies))
    .describe('0 = payment methods, 1 = fiat currencies'),
}));
export type PaymentsQuery = z.infer<typeof paymentsQuery>;

/** A peer-to-peer payment method. `id` is a stable slug such as `sepa-instant`. */
export const paymentMethod = lazySchema(() => z.object({
  id: z.string(),
  name: z.string(),
}));
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResponse = lazySchema(() => z.array(paymentMethod));

/** An ISO 4217 fiat currency with a flag icon of its main country. */
export const currency = lazySchema(() => z.object({
  /** ISO 4217 numeric code, e.g. 978 for EUR. */
  id: z.number().int(),
  /** ISO 4217 alphabetic code, e.g. `EUR`. */
  code: z.string().length(3),
  name: z.string().min(1),
  /** URL of the flag (same origin), e.g. `/api/assets/flags/EU.svg`. */
  icon: z.string().min(1),
  /** ISO 3166-1 alpha-2 code of the main country (`EU` for the euro). */
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  /** Minor-unit digits (2 for EUR, 0 for JPY). */
  digits: z.number().int(),
}));
export type Currency = z.infer<typeof currency>;
export const currenciesResponse = lazySchema(() => z.array(currency));

/** GET /payments answers one of the two lists depending on `type`. */
export const paymentsResponse = lazySchema(() => z.union([paymentMethodsResponse, currenciesResponse]));

/**
 * SOL's wire mint (wSOL: the same on every cluster) and the MAINNET mints of the bundled stablecoins; the embedded
 * localnet creates its test mints at these addresses. Product code takes a cluster's stablecoins from the
 * configuration (the API: STABLECOIN_MINTS / CLUSTER_STABLECOIN_MINTS; the web app: the catalogue), never from here.
 */
export const KNOWN_MINTS = {
  SOL: 'So11111111111111111111111111111111111111112',
  USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  USDT: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
} as const;

/**
 * The stablecoins' mints per Solana cluster, the default the API's SOLANA_CLUSTER selects (STABLECOIN_MINTS
 * overrides it). The embedded localnet and a custom node (a standalone localnet) mint at the mainnet addresses.
 * Devnet has Circle's test USDC and no canonical USDT: set STABLECOIN_MINTS for one you created.
 */
export const CLUSTER_STABLECOIN_MINTS: Readonly<Record<string, Readonly<Partial<Record<'USDC' | 'USDT', string>>>>> = {
  'mainnet-beta': { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT },
  devnet: { USDC: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' },
  localnet: { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT },
  custom: { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT },
};

/** GET /platform/coins */
export const coin = lazySchema(() => z.object({
  symbol: z.string().min(1),
  name: z.string().min(1),
  mint: z.string().min(1),
  decimals: z.number().int().min(0).max(18),
  isVerified: z.boolean(),
  mintDevnet: z.string().nullable(),
  /** Icon URL: same-origin path for bundled icons, or an absolute URL for tokens added by admins. */
  icon: z.string().min(1),
}));
export type Coin = z.infer<typeof coin>;
export const coinsResponse = lazySchema(() => z.array(coin));

/** GET /platform/countries — ISO 3166-1 alpha-2, English names, sorted by name. */
export const country = lazySchema(() => z.object({
  code: z.string().length(2),
  name: z.string().min(1),
}));
export type Country = z.infer<typeof country>;
export const countriesResponse = lazySchema(() => z.array(country));
