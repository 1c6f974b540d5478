/* Account validation and bookkeeping shared by the instruction handlers. */
#include "jelly.h"

/* TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA */
const SolPubkey TOKEN_PROGRAM_ID = {{0x06, 0xdd, 0xf6, 0xe1, 0xd7, 0x65, 0xa1, 0x93, 0xd9, 0xcb, 0xe1,
                                     0x46, 0xce, 0xeb, 0x79, 0xac, 0x1c, 0xb4, 0x85, 0xed, 0x5f, 0x5b,
                                     0x37, 0x91, 0x3a, 0x8c, 0xf5, 0x85, 0x7e, 0xff, 0x00, 0xa9}};
/* 11111111111111111111111111111111 */
const SolPubkey SYSTEM_PROGRAM_ID = {{0}};

u64 expect_data_len(const Ctx *ctx, u64 len) {
  return ctx->data_len == len ? SUCCESS : ANCHOR_INSTRUCTION_DID_NOT_DESERIALIZE;
}

u64 expect_accounts(const Ctx *ctx, u64 n) {
  return ctx->ka_num >= n ? SUCCESS : ANCHOR_ACCOUNT_NOT_ENOUGH_KEYS;
}

u64 expect_writable(const SolAccountInfo *a) { return a->is_writable ? SUCCESS : ANCHOR_ACCOUNT_NOT_MUTABLE; }

u64 expect_token_program(const SolAccountInfo *a) {
  return pubkey_eq(a->key, &TOKEN_PROGRAM_ID) ? SUCCESS : ANCHOR_INVALID_PROGRAM_ID;
}

u64 expect_system_program(const SolAccountInfo *a) {
  return pubkey_eq(a->key, &SYSTEM_PROGRAM_ID) ? SUCCESS : ANCHOR_INVALID_PROGRAM_ID;
}

u64 load_config(const Ctx *ctx, const SolAccountInfo *config, const u8 **out) {
  if (!pubkey_eq(config->owner, ctx->program_id)) return ANCHOR_ACCOUNT_OWNED_BY_WRONG_PROGRAM;
  /* Only initialize_config creates accounts with this discriminator, and only at the ["config"] PDA. */
  if (config->data_len < CONFIG_SIZE_V1 || ld_u64(config->data) != ACCOUNT_CONFIG) {
    return ANCHOR_ACCOUNT_DISCRIMINATOR_MISMATCH;
  }
  *out = config->data;
  return SUCCESS;
}

u64 expect_admin(const u8 *config, const SolAccountInfo *admin) {
  if (!admin->is_signer || !pubkey_eq(admin->key, config + CONFIG_ADMIN)) return ERR_UNAUTHORIZED;
  return SUCCESS;
}

u32 config_escape_after(const SolAccountInfo *config) {
  if (config->data_len < CONFIG_SIZE) return DEFAULT_ESCAPE_AFTER_SECONDS;
  const u8 *b = config->data + CONFIG_ESCAPE_AFTER_SECONDS;
  return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

void store_escape_after(u8 *config, u32 seconds) {
  u8 *b = config + CONFIG_ESCAPE_AFTER_SECONDS;
  for (int i = 0; i < 4; i++) b[i] = (u8)(seconds >> (8 * i));
}

u64 load_order(const Ctx *ctx, const SolAccountInfo *order, u8 **out) {
  if (!pubkey_eq(order->owner, ctx->program_id) || order->data_len < ORDER_SIZE ||
      ld_u64(order->data) != ACCOUNT_UNIVERSAL_ORDER) {
    return ERR_ORDER_NOT_FOUND;
  }
  *out = order->data;
  return SUCCESS;
}

u64 load_ticket(const Ctx *ctx, const SolAccountInfo *ticket, const SolAccountInfo *order, u8 **out) {
  if (!pubkey_eq(ticket->owner, ctx->program_id) || ticket->data_len < TICKET_SIZE ||
      ld_u64(ticket->data) != ACCOUNT_FILL_TICKET) {
    return ERR_CRYPTO_GUY_MUST_LOCK;
  }
  if (order != NULL && !pubkey_eq(ticket->data + TICKET_ORDER, order->key)) return ANCHOR_CONSTRAINT_HAS_ONE;
  *out = ticket->data;
  return SUCCESS;
}

u64 expect_ticket_locked(const u8 *ticket) {
  switch (ticket[TICKET_STATUS]) {
    case TICKET_STATUS_LOCKED:
      return SUCCESS;
    case TICKET_STATUS_SETTLED:
    case TICKET_STATUS_RELEASED_BY_ADMIN:
      return ERR_ALREADY_COMPLETED;
    default:
      return ERR_ALREADY_CANCELLED;
  }
}

u64 expect_token_account(const SolAccountInfo *a, const void *mint, const void *owner) {
  if (!pubkey_eq(a->owner, &TOKEN_PROGRAM_ID) || a->data_len != TOKEN_ACCOUNT_SIZE ||
      a->data[TOKEN_ACCOUNT_STATE] != TOKEN_STATE_INITIALIZED) {
    return ERR_TOKEN_ACCOUNT_REQUIRED;
  }
  if (!pubkey_eq(a->data + TOKEN_ACCOUNT_MINT, mint)) return ERR_MINT_MISMATCH;
  if (!pubkey_eq(a->data + TOKEN_ACCOUNT_OWNER, owner)) return ERR_TOKEN_ACCOUNT_REQUIRED;
  return SUCCESS;
}

u64 expect_vault(const SolAccountInfo *vault, const u8 *order) {
  /* The stored key was derived and created by this program, so equality is the whole PDA check. */
  if (!pubkey_eq(vault->key, order + ORDER_VAULT)) return ANCHOR_CONSTRAINT_HAS_ONE;
  return expect_writable(vault);
}

u64 expect_pda(const Ctx *ctx, const SolAccountInfo *account, const SolSignerSeed *seeds, u64 seeds_len, u64 err) {
  SolPubkey derived;
  if (sol_create_program_address(seeds, seeds_len, ctx->program_id, &derived) != SUCCESS) return err;
  return pubkey_eq(&derived, account->key) ? SUCCESS : err;
}

u64 load_rent(SolRent *rent) { return sol_get_rent_sysvar(rent) == SUCCESS ? SUCCESS : ERROR_INVALID_ARGUMENT; }

u64 rent_exempt_minimum(const SolRent *rent, u64 space, u64 *out) {
  return rent_minimum_balance(rent, space, out) ? ERROR_ARITHMETIC_OVERFLOW : SUCCESS;
}

void order_signer(const u8 *order, OrderSigner *out) {
  st_u64(out->order_id_le, ld_u64(order + ORDER_ORDER_ID));
  out->bump[0] = order[ORDER_BUMP];
  out->seed[0].addr = (const u8 *)"order";
  out->seed[0].len = 5;
  out->seed[1].addr = out->order_id_le;
  out->seed[1].len = 8;
  out->seed[2].addr = out->bump;
  out->seed[2].len = 1;
  out->seeds.addr = out->seed;
  out->seeds.len = 3;
}

u64 fee_for(const u8 *config, u64 amount, Payout *out) {
  u64 fee;
  if (mul_div_floor(amount, ld_u16(config + CONFIG_FEE_BPS), BPS_DENOMINATOR, &fee)) return ERROR_ARITHMETIC_OVERFLOW;
  out->amount = amount;
  out->fee = fee;
  if (sub_u64(amount, fee, &out->net)) return ERROR_ARITHMETIC_OVERFLOW;
  return SUCCESS;
}

u64 release_reservation(u8 *order, const u8 *ticket, bool filled) {
  u64 amount = ld_u64(ticket + TICKET_AMOUNT);
  u64 reserved, total;
  if (sub_u64(ld_u64(order + ORDER_RESERVED_AMOUNT), amount, &reserved)) return ERROR_ARITHMETIC_OVERFLOW;
  u32 open = ld_u32(order + ORDER_OPEN_TICKETS);
  if (open == 0) return ERROR_ARITHMETIC_OVERFLOW;
  if (filled) {
    u64 filled_amount, fiat;
    if (add_u64(ld_u64(order + ORDER_FILLED_AMOUNT), amount, &filled_amount)) return ERROR_ARITHMETIC_OVERFLOW;
    if (add_u64(filled_amount, reserved, &total) || total > ld_u64(order + ORDER_CRYPTO_AMOUNT)) {
      return ERROR_ARITHMETIC_OVERFLOW;
    }
    if (add_u64(ld_u64(order + ORDER_FIAT_AMOUNT), ld_u64(ticket + TICKET_FIAT_AMOUNT), &fiat)) {
      return ERROR_ARITHMETIC_OVERFLOW;
    }
    st_u64(order + ORDER_FILLED_AMOUNT, filled_amount);
    st_u64(order + ORDER_FIAT_AMOUNT, fiat);
  }
  st_u64(order + ORDER_RESERVED_AMOUNT, reserved);
  st_u32(order + ORDER_OPEN_TICKETS, open - 1);
  return SUCCESS;
}

void event_begin(BorshWriter *w, u8 *buf, u64 discriminator) {
  w->buf = buf;
  w->len = 0;
  borsh_u64(w, discriminator);
}

void emit_event(const BorshWriter *w) {
  /* one field, so the log line is a single base64 blob as Anchor's event parser expects */
  SolBytes field = {w->buf, w->len};
  sol_log_data(&field, 1);
}

/* The one payout block of settlement, admin resolution and cancel: checks the vault, the token program and the
 * recipient's (and, with a fee, the treasury's) token account, then transfers with the order's signature. */
u64 pay_out(const Settlement *s, const u8 *recipient_owner, const Payout *p) {
  const u8 *mint = s->order + ORDER_CRYPTO_MINT;
  TRY(expect_vault(s->vault, s->order));
  TRY(expect_token_program(s->token_program));
  TRY(expect_writable(s->recipient_token));
  TRY(expect_token_account(s->recipient_token, mint, recipient_owner));
  if (p->fee != 0) {
    TRY(expect_writable(s->treasury_token));
    TRY(expect_token_account(s->treasury_token, mint, s->config + CONFIG_TREASURY));
  }
  OrderSigner signer;
  order_signer(s->order, &signer);
  if (p->net != 0) TRY(token_transfer(s->vault, s->recipient_token, s->order_info, p->net, &signer.seeds));
  if (p->fee != 0) TRY(token_transfer(s->vault, s->treasury_token, s->order_info, p->fee, &signer.seeds));
  return SUCCESS;
}
