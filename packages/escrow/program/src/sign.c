/*
 * sign_universal_ticket and settle_universal_ticket.
 *
 * Either party of a locked ticket signs once. The first signature is only recorded; the second
 * settles in the same instruction: net (amount - fee) from the vault to the fiat side, fee to the
 * treasury. When the second signer leaves out the settlement accounts, the signature is recorded
 * and settle_universal_ticket finishes the payout later (it refuses tickets without both
 * signatures: 6008).
 */
#include "jelly.h"

void emit_ticket_settled(const Ctx *ctx, const SolAccountInfo *order_info, const u8 *order, const u8 *ticket,
                         const Payout *p) {
  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_TICKET_SETTLED);
  borsh_pubkey(&w, order_info->key);
  borsh_u64(&w, ld_u64(order + ORDER_ORDER_ID));
  borsh_u64(&w, ld_u64(ticket + TICKET_TICKET_ID));
  borsh_u64(&w, p->amount);
  borsh_u64(&w, p->fee);
  borsh_u64(&w, p->net);
  borsh_u64(&w, ld_u64(order + ORDER_FILLED_AMOUNT));
  borsh_i64(&w, ctx->now);
  emit_event(&w);
}

u64 settle_ticket(const Ctx *ctx, const Settlement *s) {
  u8 *ticket = s->ticket, *order = s->order;
  if (!ticket[TICKET_CRYPTO_GUY_SIGNED] || !ticket[TICKET_FIAT_GUY_SIGNED]) return ERR_BOTH_MUST_SIGN;
  TRY(expect_writable(s->order_info));
  Payout p;
  TRY(fee_for(s->config, ld_u64(ticket + TICKET_AMOUNT), &p));
  TRY(pay_out(s, ticket + TICKET_FIAT_GUY, &p));
  TRY(release_reservation(order, ticket, true));
  ticket[TICKET_STATUS] = TICKET_STATUS_SETTLED;
  st_i64(ticket + TICKET_UPDATED_AT, ctx->now);
  st_i64(order + ORDER_UPDATED_AT, ctx->now);
  emit_ticket_settled(ctx, s->order_info, order, ticket, &p);
  return SUCCESS;
}

typedef struct {
  const SolAccountInfo *order_info;
  const u8 *order;
  const u8 *ticket;
  const SolAccountInfo *signer;
  u8 party;
} Signed;

static void emit_ticket_signed(const Ctx *ctx, const Signed *e) {
  const SolAccountInfo *order_info = e->order_info, *signer = e->signer;
  const u8 *order = e->order, *ticket = e->ticket;
  u8 party = e->party;
  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_TICKET_SIGNED);
  borsh_pubkey(&w, order_info->key);
  borsh_u64(&w, ld_u64(order + ORDER_ORDER_ID));
  borsh_u64(&w, ld_u64(ticket + TICKET_TICKET_ID));
  borsh_pubkey(&w, signer->key);
  borsh_u8(&w, party);
  borsh_i64(&w, ctx->now);
  emit_event(&w);
}

/*
 * accounts: admin (signer), signer (the crypto or fiat side), config, order (writable), ticket (writable),
 *           then for the settling signature: vault (writable), fiat_token (writable),
 *           treasury_token (writable), token_program
 */
u64 process_sign_universal_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 5));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *signer = &ctx->ka[1], *order_info = &ctx->ka[3], *ticket_info = &ctx->ka[4];
  const u8 *config;
  u8 *order, *ticket;
  TRY(load_config(ctx, &ctx->ka[2], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  if (!signer->is_signer) return ERR_UNAUTHORIZED;
  TRY(load_order(ctx, order_info, &order));
  TRY(load_ticket(ctx, ticket_info, order_info, &ticket));
  TRY(expect_ticket_locked(ticket));

  u8 party, flag, other;
  if (pubkey_eq(signer->key, ticket + TICKET_CRYPTO_GUY)) {
    party = PARTY_CRYPTO_GUY;
    flag = TICKET_CRYPTO_GUY_SIGNED;
    other = TICKET_FIAT_GUY_SIGNED;
  } else if (pubkey_eq(signer->key, ticket + TICKET_FIAT_GUY)) {
    party = PARTY_FIAT_GUY;
    flag = TICKET_FIAT_GUY_SIGNED;
    other = TICKET_CRYPTO_GUY_SIGNED;
  } else {
    return ERR_UNAUTHORIZED;
  }
  if (ticket[flag]) return ERR_ALREADY_PERFORMED;
  TRY(expect_writable(ticket_info));

  ticket[flag] = 1;
  if (ticket[TICKET_FIRST_SIGNER] == PARTY_NONE) ticket[TICKET_FIRST_SIGNER] = party;
  st_i64(ticket + TICKET_UPDATED_AT, ctx->now);
  Signed signed_event = {order_info, order, ticket, signer, party};
  emit_ticket_signed(ctx, &signed_event);

  if (!ticket[other] || ctx->ka_num < 9) return SUCCESS;
  Settlement s = {config, order_info, order, ticket, &ctx->ka[5], &ctx->ka[6], &ctx->ka[7], &ctx->ka[8]};
  return settle_ticket(ctx, &s);
}

/* accounts: admin (signer), config, order (writable), ticket (writable), vault (writable),
 *           fiat_token (writable), treasury_token (writable), token_program */
u64 process_settle_universal_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 8));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *order_info = &ctx->ka[2], *ticket_info = &ctx->ka[3];
  const u8 *config;
  u8 *order, *ticket;
  TRY(load_config(ctx, &ctx->ka[1], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  TRY(load_order(ctx, order_info, &order));
  TRY(load_ticket(ctx, ticket_info, order_info, &ticket));
  TRY(expect_ticket_locked(ticket));
  TRY(expect_writable(ticket_info));
  Settlement s = {config, order_info, order, ticket, &ctx->ka[4], &ctx->ka[5], &ctx->ka[6], &ctx->ka[7]};
  return settle_ticket(ctx, &s);
}
