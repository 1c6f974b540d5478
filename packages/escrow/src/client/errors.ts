// The program's error codes: the public catalogue (6000-6013), ours (6014-6021) and the Anchor framework
// codes the program returns for structural failures.

export const ESCROW_ERRORS = {
  6000: { name: 'InsufficientBalance', message: 'Insufficient token balance' },
  6001: { name: 'InvalidOrderType', message: 'Invalid order type' },
  6002: { name: 'OrderNotFound', message: 'Order not found' },
  6003: { name: 'Unauthorized', message: 'Unauthorized action' },
  6004: { name: 'AlreadyPerformed', message: 'Race condition detected - operation already performed' },
  6005: { name: 'AlreadyCompleted', message: 'Order already completed' },
  6006: { name: 'AlreadyCancelled', message: 'Order already cancelled' },
  6007: { name: 'CannotCancel', message: 'Cannot cancel order at this stage' },
  6008: { name: 'BothPartiesMustSign', message: 'Both parties must sign before settlement' },
  6009: { name: 'ExceedsAvailable', message: 'Invalid amount - exceeds available' },
  6010: { name: 'FiatGuyCannotLock', message: 'Fiat Guy cannot lock crypto - role violation' },
  6011: { name: 'CryptoGuyMustLockFirst', message: 'Crypto Guy must lock first' },
  6012: { name: 'MintMismatch', message: 'Invalid token account - mint mismatch' },
  6013: { name: 'TokenAccountRequired', message: 'Token account required for this operation' },
  6014: { name: 'DailyFillLimitReached', message: 'Daily fill limit reached for this order' },
  6015: { name: 'CooldownActive', message: 'Order cooldown active - try again in a moment' },
  6016: { name: 'InvalidConfig', message: 'Invalid config value' },
  6017: { name: 'NotClosable', message: 'Cannot close at this stage - open tickets or remaining amount' },
  6018: { name: 'EscapeTooEarly', message: 'Too early to escape - the deadline after the last action has not passed' },
  6019: { name: 'EscapeWrongParty', message: 'Only the party this escape pays out may sign it' },
  6020: {
    name: 'EscapeContested',
    message: 'The fiat side signed and the crypto side did not - a dispute needs a decision or both parties',
  },
  6021: { name: 'EscapeNothingLeft', message: 'Nothing left to escape - already settled, cancelled or closed' },
} as const satisfies Record<number, { name: string; message: string }>;
export type EscrowErrorCode = keyof typeof ESCROW_ERRORS;
type EscrowErrorName = (typeof ESCROW_ERRORS)[EscrowErrorCode]['name'];
type CodeNamed<N extends EscrowErrorName> = {
  [C in EscrowErrorCode]: (typeof ESCROW_ERRORS)[C]['name'] extends N ? C : never;
}[EscrowErrorCode];

/** The program's codes by name: `EscrowError.Unauthorized` is 6003. */
export const EscrowError = Object.fromEntries(
  Object.entries(ESCROW_ERRORS).map(([code, { name }]) => [name, Number(code)]),
) as { readonly [N in EscrowErrorName]: CodeNamed<N> };
export type EscrowError = EscrowErrorCode;

/** Anchor framework codes the program uses (names and messages as Anchor defines them). */
export const ANCHOR_ERRORS = {
  100: { name: 'InstructionMissing', message: '8 byte instruction identifier not provided' },
  101: { name: 'InstructionFallbackNotFound', message: 'Fallback functions are not supported' },
  102: { name: 'InstructionDidNotDeserialize', message: 'The program could not deserialize the given instruction' },
  2001: { name: 'ConstraintHasOne', message: 'A has one constraint was violated' },
  2006: { name: 'ConstraintSeeds', message: 'A seeds constraint was violated' },
  3002: { name: 'AccountDiscriminatorMismatch', message: '8 byte discriminator did not match what was expected' },
  3005: { name: 'AccountNotEnoughKeys', message: 'Not enough account keys given to the instruction' },
  3006: { name: 'AccountNotMutable', message: 'The given account is not mutable' },
  3007: { name: 'AccountOwnedByWrongProgram', message: 'The given account is owned by a different program than expected' },
  3008: { name: 'InvalidProgramId', message: 'Program ID was not as expected' },
} as const satisfies Record<number, { name: string; message: string }>;

export function isEscrowErrorCode(code: unknown): code is EscrowErrorCode {
  return typeof code === 'number' && Object.hasOwn(ESCROW_ERRORS, code);
}

/** The message for one of the program's codes (escrow or Anchor framework), else undefined. */
export function escrowErrorMessage(code: number): string | undefined {
  if (isEscrowErrorCode(code)) return ESCROW_ERRORS[code].message;
  return Object.hasOwn(ANCHOR_ERRORS, code) ? ANCHOR_ERRORS[code as keyof typeof ANCHOR_ERRORS].message : undefined;
}

/** The catalogue message of one of the program's own codes. */
export function escrowMessage(code: EscrowErrorCode): string {
  return ESCROW_ERRORS[code].message;
}

/** The program's code whose catalogue message is `message`, else undefined (for messages the checks share with the chain). */
export function escrowErrorCodeOf(message: string): EscrowErrorCode | undefined {
  for (const [code, entry] of Object.entries(ESCROW_ERRORS)) if (entry.message === message) return Number(code) as EscrowErrorCode;
  return undefined;
}

const CUSTOM_HEX = /custom program error: 0x([0-9a-f]+)/i;
// '{"Custom":6003}' in serialized errors, 'Error Number: 6003' in Anchor-style logs
const CUSTOM_DECIMAL = /(?:"Custom"\s*:\s*|Error Number: )(\d+)/;

function fromText(text: string): number | undefined {
  const hex = CUSTOM_HEX.exec(text);
  if (hex?.[1]) return parseInt(hex[1], 16);
  const decimal = CUSTOM_DECIMAL.exec(text);
  if (decimal?.[1]) return Number(decimal[1]);
  return undefined;
}

function fromObject(value: object, depth: number): number | undefined {
  if (depth > 6) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.Custom === 'number') return record.Custom;
  // web3.js TransactionError: { InstructionError: [index, { Custom: n }] }
  if (Array.isArray(record.InstructionError)) {
    const inner = record.InstructionError[1];
    if (inner && typeof inner === 'object') return fromObject(inner, depth + 1);
  }
  // SendTransactionError (logs, transactionError), simulation results (err, logs), nested causes
  for (const key of ['transactionError', 'err', 'error', 'cause', 'value']) {
    const nested = record[key];
    if (nested && typeof nested === 'object') {
      const code = fromObject(nested, depth + 1);
      if (code !== undefined) return code;
    }
  }
  for (const key of ['transactionLogs', 'logs']) {
    const logs = record[key];
    if (Array.isArray(logs)) {
      const code = fromText(logs.join('\n'));
      if (code !== undefined) return code;
    }
  }
  if (typeof record.message === 'string') return fromText(record.message);
  return undefined;
}

/**
 * The custom program error code inside a web3.js error (SendTransactionError, a TransactionError object
 * such as { InstructionError: [0, { Custom: 6003 }] }, a simulation result with err/logs) or a log or
 * message text ('custom program error: 0x1773'). Undefined when there is none.
 */
export function extractCustomErrorCode(error: unknown): number | undefined {
  if (typeof error === 'string') return fromText(error);
  if (error && typeof error === 'object') return fromObject(error, 0);
  return undefined;
}

/** The user-facing message for an error carrying one of our codes, else undefined. */
export function describeEscrowError(error: unknown): string | undefined {
  const code = extractCustomErrorCode(error);
  return code === undefined ? undefined : escrowErrorMessage(code);
}
