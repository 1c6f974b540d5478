/** JSON-RPC 2.0 error codes, plus the Solana-specific ones clients recognise. */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  blockCleanedUp: -32001,
  sendTransactionPreflightFailure: -32002,
  signatureVerificationFailure: -32003,
  blockNotAvailable: -32004,
  signatureLenMismatch: -32013,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const;

export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }

  toJson(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_ERROR.invalidParams, message);
}
