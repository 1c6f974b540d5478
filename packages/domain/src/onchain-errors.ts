/** The escrow program's custom errors 6000–6013 with the spec's messages (section 8). */

export const ONCHAIN_ERRORS = {
  6000: 'Insufficient token balance',
  6001: 'Invalid order type',
  6002: 'Order not found',
  6003: 'Unauthorized action',
  6004: 'Race condition detected - operation already performed',
  6005: 'Order already completed',
  6006: 'Order already cancelled',
  6007: 'Cannot cancel order at this stage',
  6008: 'Both parties must sign before settlement',
  6009: 'Invalid amount - exceeds available',
  6010: 'Fiat Guy cannot lock crypto - role violation',
  6011: 'Crypto Guy must lock first',
  6012: 'Invalid token account - mint mismatch',
  6013: 'Token account required for this operation',
} as const;
export type OnchainErrorCode = keyof typeof ONCHAIN_ERRORS;

export function isOnchainErrorCode(code: unknown): code is OnchainErrorCode {
  return typeof code === 'number' && Object.hasOwn(ONCHAIN_ERRORS, code);
}

/** The catalogue message for a custom error code, or undefined for codes outside the catalogue. */
export function onchainErrorMessage(code: number): string | undefined {
  return isOnchainErrorCode(code) ? ONCHAIN_ERRORS[code] : undefined;
}

/**
 * Finds the custom error code in a runtime error text or program log, e.g.
 * 'custom program error: 0x1771' or 'Error Number: 6001' or '{"Custom":6001}'. Returns undefined when absent.
 */
export function customErrorCodeFrom(text: string): number | undefined {
  const hex = /custom program error: 0x([0-9a-f]+)/i.exec(text);
  if (hex?.[1]) return parseInt(hex[1], 16);
  const dec = /(?:Error Number: |"Custom":\s*)(\d+)/.exec(text);
  if (dec?.[1]) return Number(dec[1]);
  return undefined;
}

/** Catalogue message for any error text that carries one of our custom codes, else undefined. */
export function describeOnchainFailure(text: string): string | undefined {
  const code = customErrorCodeFrom(text);
  return code === undefined ? undefined : onchainErrorMessage(code);
}
