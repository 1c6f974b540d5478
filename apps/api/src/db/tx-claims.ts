import { conflict, type AppError } from '../errors.ts';

/** The key the claim triggers name when a transaction is already another record's (schema/chain-tx-claims.ts). */
const CLAIMS_KEY = 'chain_tx_claims_pkey';

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/**
 * The holder (`jelly_deposit:12`, `jelly_payout:12`, `swap:5`) named by a write the database refused because its
 * transaction already belongs to another record, or null for any other error. Drivers and Drizzle wrap the
 * database's error, so the causes are walked.
 */
export function txClaimHolder(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const fields = current as DatabaseErrorFields;
    if (fields.code === '23505' && fields.constraint === CLAIMS_KEY) return typeof fields.detail === 'string' ? fields.detail : '';
    current = fields.cause;
  }
  return null;
}

const HOLDER_NAMES: Record<string, (id: string) => string> = {
  jelly_deposit: (id) => `the deposit of Coin Jelly order #${id}`,
  jelly_payout: (id) => `the payout of Coin Jelly order #${id}`,
  swap: (id) => `swap #${id}`,
};

/** 'the deposit of Coin Jelly order #12', 'the payout of Coin Jelly order #12', 'swap #5'. */
export function txHolderName(holder: string): string {
  const [kind = '', id = ''] = holder.split(':');
  return HOLDER_NAMES[kind]?.(id) ?? 'another order or swap';
}

/** What a user or an admin reads when a transaction id is already another record's. */
export function txAlreadyRecorded(holder: string): string {
  return `This transaction is already recorded as ${txHolderName(holder)}: one transaction can pay only one order or swap.`;
}

/** The 409 for an error of a refused claim, or null for any other error. */
export function txClaimConflict(error: unknown): AppError | null {
  const holder = txClaimHolder(error);
  return holder === null ? null : conflict(txAlreadyRecorded(holder));
}
