/*
 * cancel_order, close_order and close_ticket: retiring an offer's on-chain state and returning
 * the rent to whoever paid it (the admin that co-signed the creating lock).
 */
#include "jelly.h"

u64 close_program_account(SolAccountInfo *account, SolAccountInfo *receiver) {
  u64 total;
  if (add_u64(*receiver->lamports, *account->lamports, &total)) return ERROR_ARITHMETIC_OVERFLOW;
  *receiver->lamports = total;
  *account->lamports = 0;
  u64 *words = (u64 *)account->data;
  for (u64 i = 0; i < account->data_len / 8; i++) words[i] = 0;
  for (u64 i = account->data_len & ~7ULL; i < account->data_len; i++) account->data[i] = 0;
  /* shrink to zero through the serialized length, and hand the address back to the System program */
  st_u64(account->data - 8, 0);
  account->data_len = 0;
  pubkey_copy(account->owner, &SYSTEM_PROGRAM_ID);
  return SUCCESS;
}

u64 expect_rent_receiver(const SolAccountInfo *receiver, const u8 *payer) {
  if (!pubkey_eq(receiver->key, payer)) return ANCHOR_CONSTRAINT_HAS_ONE;
  return expect_writable(receiver);
}

/* accounts: admin (signer), authority (signer: the order's creator or the admin), config, order (writable) */
u64 process_cancel_order(Ctx *ctx) {
  TRY(expect_accounts(ctx, 4));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *authority = &ctx->ka[1], *order_info = &ctx->ka[3];
  const u8 *config;
  u8 *order;
  TRY(load_config(ctx, &ctx->ka[2], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  TRY(load_order(ctx, order_info, &order));
  if (!authority->is_signer ||
      !(pubkey_eq(authority->key, order + ORDER_CREATOR) || pubkey_eq(authority->key, config + CONFIG_ADMIN))) {
    return ERR_UNAUTHORIZED;
  }
  if (order[ORDER_STATUS] == ORDER_STATUS_CANCELLED) return ERR_ALREADY_CANCELLED;
  if (ld_u32(order + ORDER_OPEN_TICKETS) != 0) return ERR_CANNOT_CANCEL;
  TRY(expect_writable(order_info));

  order[ORDER_STATUS] = ORDER_STATUS_CANCELLED;
  st_i64(order + ORDER_UPDATED_AT, ctx->now);

  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_ORDER_CANCELLED);
  borsh_pubkey(&w, order_info->key);
  borsh_u64(&w, ld_u64(order + ORDER_ORDER_ID));
  borsh_pubkey(&w, authority->key);
  borsh_i64(&w, ctx->now);
  emit_event(&w);
  return SUCCESS;
}

/*
 * A cancelled or completely filled order with no open ticket: tokens anyone sent to the vault
 * outside a lock go to the treasury, then the vault and the order are closed.
 *
 * accounts: admin (signer), config, order (writable), vault (writable), rent_receiver (writable),
 *           treasury_token (writable), token_program
 */
u64 process_close_order(Ctx *ctx) {
  TRY(expect_accounts(ctx, 7));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *order_info = &ctx->ka[2], *vault = &ctx->ka[3], *receiver = &ctx->ka[4];
  SolAccountInfo *treasury_token = &ctx->ka[5];
  const u8 *config;
  u8 *order;
  TRY(load_config(ctx, &ctx->ka[1], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  TRY(load_order(ctx, order_info, &order));
  bool finished = order[ORDER_STATUS] == ORDER_STATUS_CANCELLED ||
                  ld_u64(order + ORDER_FILLED_AMOUNT) == ld_u64(order + ORDER_CRYPTO_AMOUNT);
  if (!finished || ld_u32(order + ORDER_OPEN_TICKETS) != 0 || ld_u64(order + ORDER_RESERVED_AMOUNT) != 0) {
    return ERR_NOT_CLOSABLE;
  }
  TRY(expect_writable(order_info));
  TRY(expect_vault(vault, order));
  TRY(expect_token_program(&ctx->ka[6]));
  TRY(expect_rent_receiver(receiver, order + ORDER_RENT_PAYER));

  OrderSigner signer;
  order_signer(order, &signer);
  u64 stray = ld_u64(vault->data + TOKEN_ACCOUNT_AMOUNT);
  if (stray != 0) {
    TRY(expect_writable(treasury_token));
    TRY(expect_token_account(treasury_token, order + ORDER_CRYPTO_MINT, config + CONFIG_TREASURY));
    TRY(token_transfer(vault, treasury_token, order_info, stray, &signer.seeds));
  }
  TRY(token_close_account(vault, receiver, order_info, &signer.seeds));

  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_ORDER_CLOSED);
  borsh_pubkey(&w, order_info->key);
  borsh_u64(&w, ld_u64(order + ORDER_ORDER_ID));
  borsh_pubkey(&w, receiver->key);
  borsh_u64(&w, stray);
  borsh_i64(&w, ctx->now);
  TRY(close_program_account(order_info, receiver));
  emit_event(&w);
  return SUCCESS;
}

/* A ticket that is no longer Locked. accounts: admin (signer), config, ticket (writable), rent_receiver (writable) */
u64 process_close_ticket(Ctx *ctx) {
  TRY(expect_accounts(ctx, 4));
  TRY(expect_data_len(ctx, 8));
  SolAccountInfo *ticket_info = &ctx->ka[2], *receiver = &ctx->ka[3];
  const u8 *config;
  u8 *ticket;
  TRY(load_config(ctx, &ctx->ka[1], &config));
  TRY(expect_admin(config, &ctx->ka[0]));
  TRY(load_ticket(ctx, ticket_info, NULL, &ticket));
  if (ticket[TICKET_STATUS] == TICKET_STATUS_LOCKED) return ERR_NOT_CLOSABLE;
  TRY(expect_writable(ticket_info));
  TRY(expect_rent_receiver(receiver, ticket + TICKET_RENT_PAYER));
  return close_program_account(ticket_info, receiver);
}
