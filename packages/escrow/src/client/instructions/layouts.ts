// Byte and account layouts of the instructions a user submits, for readers of a proposed transaction (the API's
// co-signer) so nobody re-types offsets. The builders beside this file write exactly these layouts; the tests
// read a built instruction back through them.

/** accept_offer_and_lock: discriminator, then order_id, ticket_id, crypto_amount, fiat_amount (u64 LE), … */
export const ACCEPT_OFFER_AND_LOCK_LAYOUT = {
  /** 8 discriminator + 4×u64 + bool + 2×pubkey + u64 + 3 bumps. */
  dataLength: 116,
  offsets: {
    orderId: 8,
    ticketId: 16,
    cryptoAmount: 24,
    fiatAmount: 32,
    isSellOrder: 40,
    creator: 41,
    fiatGuy: 73,
    offerAmount: 105,
    orderBump: 113,
    vaultBump: 114,
    ticketBump: 115,
  },
  accounts: {
    admin: 0,
    locker: 1,
    config: 2,
    order: 3,
    ticket: 4,
    vault: 5,
    mint: 6,
    lockerTokenAccount: 7,
    tokenProgram: 8,
    systemProgram: 9,
  },
} as const;

/** sign_universal_ticket and cancel_universal_ticket name the deal's ticket at the same index. */
export const TICKET_INSTRUCTION_ACCOUNTS = { admin: 0, signer: 1, config: 2, order: 3, ticket: 4, vault: 5 } as const;

/** The offer id (on-chain order id) and deal id (ticket id) a lock's data names. */
export function readLockIds(data: Uint8Array): { orderId: bigint; ticketId: bigint } | undefined {
  if (data.length !== ACCEPT_OFFER_AND_LOCK_LAYOUT.dataLength) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const { orderId, ticketId } = ACCEPT_OFFER_AND_LOCK_LAYOUT.offsets;
  return { orderId: view.getBigUint64(orderId, true), ticketId: view.getBigUint64(ticketId, true) };
}
