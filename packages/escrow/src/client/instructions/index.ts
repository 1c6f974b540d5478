export { initializeConfigInstruction, type InitializeConfigParams } from './initialize-config.ts';
export { updateConfigInstruction, type UpdateConfigParams } from './update-config.ts';
export { acceptOfferAndLockInstruction, type AcceptOfferAndLockParams } from './accept-offer-and-lock.ts';
export {
  SIGN_SETTLEMENT_ACCOUNT_COUNT,
  signUniversalTicketAnchorForm,
  signUniversalTicketInstruction,
  type SignUniversalTicketParams,
} from './sign-universal-ticket.ts';
export { settleUniversalTicketInstruction, type SettleUniversalTicketParams } from './settle-universal-ticket.ts';
export { cancelUniversalTicketInstruction, type CancelUniversalTicketParams } from './cancel-universal-ticket.ts';
export {
  adminResolveUniversalTicketInstruction,
  type AdminResolveUniversalTicketParams,
} from './admin-resolve-universal-ticket.ts';
export { cancelOrderInstruction, type CancelOrderParams } from './cancel-order.ts';
export { closeOrderInstruction, type CloseOrderParams } from './close-order.ts';
export { closeTicketInstruction, type CloseTicketParams } from './close-ticket.ts';
export { ata as associatedTokenAddress } from './shared.ts';
export { ensureTokenAccountsInstructions } from './ensure-token-accounts.ts';
export { dealInstructionArgs, dealTicketIds, type EscrowDeal, type EscrowTarget } from './deal-args.ts';
export { ACCEPT_OFFER_AND_LOCK_LAYOUT, TICKET_INSTRUCTION_ACCOUNTS, readLockIds } from './layouts.ts';
export {
  escapeOrderInstruction,
  escapeTicketInstruction,
  partiesResolveTicketInstruction,
  setEscapeAfterInstruction,
  type EscapeOrderParams,
  type EscapeTicketParams,
  type PartiesResolveTicketParams,
  type SetEscapeAfterParams,
} from './escape.ts';
