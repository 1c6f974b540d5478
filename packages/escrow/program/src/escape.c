/*
 * The ways out without the admin, so the tokens never depend on the platform's key:
 *
 * parties_resolve_ticket(release_to_fiat_guy): both parties of a locked deal sign together; release pays the net
 *   to the fiat side and the fee to the treasury (as a settlement), refund returns everything to the crypto side.
 * escape_ticket: after config.escape_after_seconds since the ticket's last action, one party alone:
 *   - nobody signed (the fiat side never marked the deal paid): the crypto side takes the tokens back;
 *   - the crypto side signed (release agreed): the fiat side takes the payout, the fee still to the treasury;
 *   - only the fiat side signed (paid, not released: the dispute's ground): refused, a decision or both parties.
 * escape_order: after the deadline since the order's last action, an order with no open ticket: the creator takes
 *   whatever the vault holds and the vault and order close, rent back to rent_payer as close_order does.
 *
 * None of them takes lamports from a platform account: the parties pay the network fee, and rent only returns.
 */
#include "jelly.h"

#define ARG_RELEASE_TO_FIAT_GUY 8

/* now >= last_action + escape_after, with the chain's clock */
static u64 expect_deadline_passed(const Ctx *ctx, const SolAccountInfo *config, i64 last_action) {
  i64 deadline = last_action + (i64)config_escape_after(config);
  return ctx->now >= deadline ? SUCCESS : ERR_ESCAPE_TOO_EARLY;
}

/* Pays a locked ticket out (release: net to the fiat side, fee to the treasury; else all back to the crypto side)
 * and records it as settled or cancelled. */
static u64 finish_ticket(const Ctx *ctx, const Settlement *s, bool release) {
  u8 *ticket = s->ticket, *order = s->order;
  TRY(expect_writable(s->order_info));
  u64 amount = ld_u64(ticket + TICKET_AMOUNT);
  Payout p = {amount, 0, amount};
  if (release) TRY(fee_for(s->config, amount, &p));
  TRY(pay_out(s, ticket + (release ? TICKET_FIAT_GUY : TICKET_CRYPTO_GUY), &p));
  TRY(release_reservation(order, ticket, release));
  ticket[TICKET_STATUS] = release ? TICKET_STATUS_SETTLED : TICKET_STATUS_CANCELLED;
  st_i64(ticket + TICKET_UPDATED_AT, ctx->now);
  st_i64(order + ORDER_UPDATED_AT, ctx->now);
  if (release) {
    emit_ticket_settled(ctx, s->order_info, order, ticket, &p);
  } else {
    emit_ticket_cancelled(ctx, s->order_info, order, ticket);
  }
  return SUCCESS;
}

/* A Locked ticket of this order; a finished one is 6021 (the escape, or another way out, already happened). */
static u64 load_open_ticket(const Ctx *ctx, const SolAccountInfo *order_info, SolAccountInfo *ticket_info,
                            u8 **ticket) {
  TRY(load_ticket(ctx, ticket_info, order_info, ticket));
  if ((*ticket)[TICKET_STATUS] != TICKET_STATUS_LOCKED) return ERR_ESCAPE_NOTHING_LEFT;
  return expect_writable(ticket_info);
}

/*
 * accounts: crypto_guy (signer), fiat_guy (signer), config, order (writable), ticket (writable), vault (writable),
 *           recipient_token (writable; fiat side's on release, crypto side's on refund), treasury_token (writable),
 *           token_program
 */
u64 process_parties_resolve_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 9));
  TRY(expect_data_len(ctx, 9));
  u8 release_arg = ctx->data[ARG_RELEASE_TO_FIAT_GUY];
  if (release_arg > 1) return ANCHOR_INSTRUCTION_DID_NOT_DESERIALIZE;
  SolAccountInfo *crypto_guy = &ctx->ka[0], *fiat_guy = &ctx->ka[1], *order_info = &ctx->ka[3];
  const u8 *config;
  u8 *order, *ticket;
  TRY(load_config(ctx, &ctx->ka[2], &config));
  TRY(load_order(ctx, order_info, &order));
  TRY(load_open_ticket(ctx, order_info, &ctx->ka[4], &ticket));
  if (!crypto_guy->is_signer || !pubkey_eq(crypto_guy->key, ticket + TICKET_CRYPTO_GUY) || !fiat_guy->is_signer ||
      !pubkey_eq(fiat_guy->key, ticket + TICKET_FIAT_GUY)) {
    return ERR_ESCAPE_WRONG_PARTY;
  }
  Settlement s = {config, order_info, order, ticket, &ctx->ka[5], &ctx->ka[6], &ctx->ka[7], &ctx->ka[8]};
  return finish_ticket(ctx, &s, release_arg == 1);
}

/*
 * accounts: party (signer), config, order (writable), ticket (writable), vault (writable),
 *           recipient_token (writable; the signer's), treasury_token (writable), token_program
 */
u64 process_escape_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 8));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *party = &ctx->ka[0], *config_info = &ctx->ka[1], *order_info = &ctx->ka[2];
  const u8 *config;
  u8 *order, *ticket;
  TRY(load_config(ctx, config_info, &config));
  TRY(load_order(ctx, order_info, &order));
  TRY(load_open_ticket(ctx, order_info, &ctx->ka[3], &ticket));
  bool is_crypto = pubkey_eq(party->key, ticket + TICKET_CRYPTO_GUY);
  bool is_fiat = pubkey_eq(party->key, ticket + TICKET_FIAT_GUY);
  if (!party->is_signer || !(is_crypto || is_fiat)) return ERR_ESCAPE_WRONG_PARTY;
  /* the crypto side's signature agrees to the release, whatever else happened */
  bool release = ticket[TICKET_CRYPTO_GUY_SIGNED] != 0;
  if (!release && ticket[TICKET_FIAT_GUY_SIGNED]) return ERR_ESCAPE_CONTESTED;
  if (release ? !is_fiat : !is_crypto) return ERR_ESCAPE_WRONG_PARTY;
  TRY(expect_deadline_passed(ctx, config_info, ld_i64(ticket + TICKET_UPDATED_AT)));
  Settlement s = {config, order_info, order, ticket, &ctx->ka[4], &ctx->ka[5], &ctx->ka[6], &ctx->ka[7]};
  return finish_ticket(ctx, &s, release);
}

/*
 * accounts: creator (signer), config, order (writable), vault (writable), creator_token (writable),
 *           rent_receiver (writable; the order's rent_payer), token_program
 */
u64 process_escape_order(Ctx *ctx) {
  TRY(expect_accounts(ctx, 7));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *creator = &ctx->ka[0], *config_info = &ctx->ka[1], *order_info = &ctx->ka[2];
  SolAccountInfo *vault = &ctx->ka[3], *creator_token = &ctx->ka[4], *receiver = &ctx->ka[5];
  const u8 *config;
  u8 *order;
  TRY(load_config(ctx, config_info, &config));
  /* an order account handed back to the System program was closed: by this escape or by close_order */
  if (pubkey_eq(order_info->owner, &SYSTEM_PROGRAM_ID) && order_info->data_len == 0) return ERR_ESCAPE_NOTHING_LEFT;
  TRY(load_order(ctx, order_info, &order));
  if (!creator->is_signer || !pubkey_eq(creator->key, order + ORDER_CREATOR)) return ERR_ESCAPE_WRONG_PARTY;
  /* a deal's tokens leave by its own ticket's way out, never with the offer */
  if (ld_u32(order + ORDER_OPEN_TICKETS) != 0 || ld_u64(order + ORDER_RESERVED_AMOUNT) != 0) return ERR_NOT_CLOSABLE;
  TRY(expect_deadline_passed(ctx, config_info, ld_i64(order + ORDER_UPDATED_AT)));
  TRY(expect_writable(order_info));
  TRY(expect_vault(vault, order));
  TRY(expect_token_program(&ctx->ka[6]));
  TRY(expect_rent_receiver(receiver, order + ORDER_RENT_PAYER));

  OrderSigner signer;
  order_signer(order, &signer);
  u64 held = ld_u64(vault->data + TOKEN_ACCOUNT_AMOUNT);
  if (held != 0) {
    TRY(expect_writable(creator_token));
    TRY(expect_token_account(creator_token, order + ORDER_CRYPTO_MINT, order + ORDER_CREATOR));
    TRY(token_transfer(vault, creator_token, order_info, held, &signer.seeds));
  }
  TRY(token_close_account(vault, receiver, order_info, &signer.seeds));

  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_ORDER_CLOSED);
  borsh_pubkey(&w, order_info->key);
  borsh_u64(&w, ld_u64(order + ORDER_ORDER_ID));
  borsh_pubkey(&w, receiver->key);
  borsh_u64(&w, held);
  borsh_i64(&w, ctx->now);
  TRY(close_program_account(order_info, receiver));
  emit_event(&w);
  return SUCCESS;
}
