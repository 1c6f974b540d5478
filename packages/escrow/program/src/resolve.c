/*
 * admin_resolve_universal_ticket(release_to_fiat_guy): the admin settles a dispute at any point
 * before settlement. Release: net to the fiat side and the fee to the treasury, as a settlement
 * would. Refund: the whole amount back to the crypto side, no fee.
 *
 * accounts: admin (signer), config, order (writable), ticket (writable), vault (writable),
 *           recipient_token (writable; fiat side's on release, crypto side's on refund),
 *           treasury_token (writable), token_program
 */
#include "jelly.h"

#define ARG_RELEASE_TO_FIAT_GUY 8

typedef struct {
  const SolAccountInfo *order_info;
  const u8 *order;
  const u8 *ticket;
  const Payout *payout;
  bool release;
} Resolved;

static void emit_admin_resolved(const Ctx *ctx, const Resolved *r) {
  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_ADMIN_RESOLVED);
  borsh_pubkey(&w, r->order_info->key);
  borsh_u64(&w, ld_u64(r->order + ORDER_ORDER_ID));
  borsh_u64(&w, ld_u64(r->ticket + TICKET_TICKET_ID));
  borsh_bool(&w, r->release);
  borsh_u64(&w, r->payout->amount);
  borsh_u64(&w, r->payout->fee);
  borsh_u64(&w, r->payout->net);
  borsh_u64(&w, ld_u64(r->order + ORDER_FILLED_AMOUNT));
  borsh_i64(&w, ctx->now);
  emit_event(&w);
}

u64 process_admin_resolve_universal_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 8));
  TRY(expect_data_len(ctx, 9));
  u8 release_arg = ctx->data[ARG_RELEASE_TO_FIAT_GUY];
  if (release_arg > 1) return ANCHOR_INSTRUCTION_DID_NOT_DESERIALIZE;
  bool release = release_arg == 1;
  SolAccountInfo *order_info = &ctx->ka[2], *ticket_info = &ctx->ka[3];
  const u8 *config;
  u8 *order, *ticket;
  TRY(load_config(ctx, &ctx->ka[1], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  TRY(load_order(ctx, order_info, &order));
  TRY(load_ticket(ctx, ticket_info, order_info, &ticket));
  u8 status = ticket[TICKET_STATUS];
  if (status == TICKET_STATUS_RELEASED_BY_ADMIN || status == TICKET_STATUS_REFUNDED_BY_ADMIN) {
    return ERR_ALREADY_PERFORMED;
  }
  TRY(expect_ticket_locked(ticket));
  TRY(expect_writable(order_info));
  TRY(expect_writable(ticket_info));

  u64 amount = ld_u64(ticket + TICKET_AMOUNT);
  Payout p = {amount, 0, amount};
  if (release) TRY(fee_for(config, amount, &p));
  Settlement s = {config, order_info, order, ticket, &ctx->ka[4], &ctx->ka[5], &ctx->ka[6], &ctx->ka[7]};
  TRY(pay_out(&s, ticket + (release ? TICKET_FIAT_GUY : TICKET_CRYPTO_GUY), &p));
  TRY(release_reservation(order, ticket, release));
  ticket[TICKET_STATUS] = release ? TICKET_STATUS_RELEASED_BY_ADMIN : TICKET_STATUS_REFUNDED_BY_ADMIN;
  st_i64(ticket + TICKET_UPDATED_AT, ctx->now);
  st_i64(order + ORDER_UPDATED_AT, ctx->now);
  Resolved r = {order_info, order, ticket, &p, release};
  emit_admin_resolved(ctx, &r);
  return SUCCESS;
}
