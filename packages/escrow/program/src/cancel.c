/*
 * cancel_universal_ticket: the fiat side backs out of a locked deal before anyone has signed;
 * the whole amount goes back to the crypto side and leaves the order's reservation.
 *
 * accounts: admin (signer), fiat_guy (signer), config, order (writable), ticket (writable),
 *           vault (writable), crypto_token (writable), token_program
 */
#include "jelly.h"

void emit_ticket_cancelled(const Ctx *ctx, const SolAccountInfo *order_info, const u8 *order, const u8 *ticket) {
  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_TICKET_CANCELLED);
  borsh_pubkey(&w, order_info->key);
  borsh_u64(&w, ld_u64(order + ORDER_ORDER_ID));
  borsh_u64(&w, ld_u64(ticket + TICKET_TICKET_ID));
  borsh_u64(&w, ld_u64(ticket + TICKET_AMOUNT));
  borsh_u64(&w, ld_u64(order + ORDER_RESERVED_AMOUNT));
  borsh_i64(&w, ctx->now);
  emit_event(&w);
}

u64 process_cancel_universal_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 8));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *fiat_guy = &ctx->ka[1], *order_info = &ctx->ka[3], *ticket_info = &ctx->ka[4];
  const u8 *config;
  u8 *order, *ticket;
  TRY(load_config(ctx, &ctx->ka[2], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  TRY(load_order(ctx, order_info, &order));
  TRY(load_ticket(ctx, ticket_info, order_info, &ticket));
  TRY(expect_ticket_locked(ticket));
  if (!fiat_guy->is_signer || !pubkey_eq(fiat_guy->key, ticket + TICKET_FIAT_GUY)) return ERR_UNAUTHORIZED;
  /* once either party has signed, the deal can only settle or go to the admin */
  if (ticket[TICKET_CRYPTO_GUY_SIGNED] || ticket[TICKET_FIAT_GUY_SIGNED]) return ERR_CANNOT_CANCEL;
  TRY(expect_writable(order_info));
  TRY(expect_writable(ticket_info));

  u64 amount = ld_u64(ticket + TICKET_AMOUNT);
  Payout refund = {amount, 0, amount};
  Settlement s = {config, order_info, order, ticket, &ctx->ka[5], &ctx->ka[6], NULL, &ctx->ka[7]};
  TRY(pay_out(&s, ticket + TICKET_CRYPTO_GUY, &refund));
  TRY(release_reservation(order, ticket, false));
  ticket[TICKET_STATUS] = TICKET_STATUS_CANCELLED;
  st_i64(ticket + TICKET_UPDATED_AT, ctx->now);
  st_i64(order + ORDER_UPDATED_AT, ctx->now);
  emit_ticket_cancelled(ctx, order_info, order, ticket);
  return SUCCESS;
}
