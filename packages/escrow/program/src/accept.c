/*
 * accept_offer_and_lock(order_id, ticket_id, crypto_amount, fiat_amount, is_sell_order, creator, fiat_guy,
 *                       offer_amount, order_bump, vault_bump, ticket_bump)
 *
 * The crypto side (the locker) moves `crypto_amount` of the offer's mint into the order's vault
 * for one deal, recorded as a FillTicket. The first lock of an offer creates its UniversalOrder
 * (total = offer_amount) and vault. The admin signs and pays every rent.
 *
 * accounts: admin (signer, writable), locker (signer), config, order (writable), ticket (writable),
 *           vault (writable), mint, locker_token (writable), token_program, system_program
 */
#include "jelly.h"

#define ARG_ORDER_ID 8
#define ARG_TICKET_ID 16
#define ARG_CRYPTO_AMOUNT 24
#define ARG_FIAT_AMOUNT 32
#define ARG_IS_SELL_ORDER 40
#define ARG_CREATOR 41
#define ARG_FIAT_GUY 73
#define ARG_OFFER_AMOUNT 105
#define ARG_ORDER_BUMP 113
#define ARG_VAULT_BUMP 114
#define ARG_TICKET_BUMP 115
#define DATA_LEN 116

/* the accounts, in the order the instruction lists them */
enum {
  ACC_ADMIN,
  ACC_LOCKER,
  ACC_CONFIG,
  ACC_ORDER,
  ACC_TICKET,
  ACC_VAULT,
  ACC_MINT,
  ACC_LOCKER_TOKEN,
  ACC_TOKEN_PROGRAM,
  ACC_SYSTEM_PROGRAM,
  ACC_COUNT
};

typedef struct {
  SolAccountInfo *admin, *locker, *order, *ticket, *vault, *mint, *locker_token;
  const u8 *config;
  const u8 *args;
  u64 amount;
  bool is_sell;
  SolRent rent;
} Lock;

/* Who may lock: the crypto side only, which is the creator of a Sell offer or the acceptor of a Buy offer. */
static u64 check_roles(const Lock *l) {
  const u8 *creator = l->args + ARG_CREATOR, *fiat_guy = l->args + ARG_FIAT_GUY;
  if (pubkey_eq(l->locker->key, fiat_guy)) return ERR_FIAT_GUY_CANNOT_LOCK;
  if (l->is_sell) {
    if (!pubkey_eq(l->locker->key, creator)) return ERR_UNAUTHORIZED;
  } else if (!pubkey_eq(fiat_guy, creator)) {
    /* on a Buy offer the creator is the fiat side */
    return ERR_INVALID_ORDER_TYPE;
  }
  return SUCCESS;
}

/* An existing order must be the same offer: id, side, creator, mint, total; open; not rate limited. */
static u64 check_existing_order(const Ctx *ctx, const Lock *l, u8 *order) {
  if (ld_u64(order + ORDER_ORDER_ID) != ld_u64(l->args + ARG_ORDER_ID)) return ERR_ORDER_NOT_FOUND;
  if (order[ORDER_STATUS] != ORDER_STATUS_OPEN) return ERR_ALREADY_CANCELLED;
  if ((order[ORDER_IS_SELL_ORDER] != 0) != l->is_sell) return ERR_INVALID_ORDER_TYPE;
  if (!pubkey_eq(order + ORDER_CREATOR, l->args + ARG_CREATOR)) return ERR_INVALID_ORDER_TYPE;
  if (!pubkey_eq(order + ORDER_CRYPTO_MINT, l->mint->key)) return ERR_MINT_MISMATCH;
  if (ld_u64(order + ORDER_CRYPTO_AMOUNT) != ld_u64(l->args + ARG_OFFER_AMOUNT)) return ERR_EXCEEDS_AVAILABLE;
  TRY(expect_vault(l->vault, order));
  u32 cooldown = ld_u32(l->config + CONFIG_COOLDOWN_SECONDS);
  if (cooldown != 0 && ctx->now < ld_i64(order + ORDER_LAST_ACTION_TS) + (i64)cooldown) return ERR_COOLDOWN_ACTIVE;
  return SUCCESS;
}

/* First lock of the offer: derive and create the order PDA, its vault PDA, and initialise the vault. */
static u64 create_order(const Ctx *ctx, const Lock *l) {
  const u8 *args = l->args;
  SolSignerSeed order_seed[3] = {{(const u8 *)"order", 5}, {args + ARG_ORDER_ID, 8}, {args + ARG_ORDER_BUMP, 1}};
  TRY(expect_pda(ctx, l->order, order_seed, 3, ERR_ORDER_NOT_FOUND));
  if (l->order->data_len != 0) return ERR_ORDER_NOT_FOUND;
  /*
   * The vault's address is checked by the runtime rather than by a 1,500-unit create_program_address:
   * the System program only creates an account that signs, and the only signature this program can
   * give it is the one of the PDA of these seeds. Any other address fails the CPI.
   */
  SolSignerSeed vault_seed[3] = {{(const u8 *)"vault", 5}, {(const u8 *)l->order->key, 32}, {args + ARG_VAULT_BUMP, 1}};
  if (l->vault->data_len != 0 || !pubkey_eq(l->vault->owner, &SYSTEM_PROGRAM_ID)) return ANCHOR_CONSTRAINT_SEEDS;
  if (!pubkey_eq(l->mint->owner, &TOKEN_PROGRAM_ID) || l->mint->data_len != MINT_SIZE ||
      l->mint->data[MINT_IS_INITIALIZED] == 0) {
    return ERR_MINT_MISMATCH;
  }

  u64 order_rent, vault_rent;
  TRY(rent_exempt_minimum(&l->rent, ORDER_SIZE, &order_rent));
  TRY(rent_exempt_minimum(&l->rent, TOKEN_ACCOUNT_SIZE, &vault_rent));
  SolSignerSeeds order_seeds = {order_seed, 3};
  CreateAccountArgs create_order_account = {l->admin, l->order, ctx->program_id, &order_seeds, ORDER_SIZE, order_rent};
  TRY(create_pda_account(&create_order_account));
  SolSignerSeeds vault_seeds = {vault_seed, 3};
  CreateAccountArgs create_vault = {l->admin, l->vault, &TOKEN_PROGRAM_ID, &vault_seeds, TOKEN_ACCOUNT_SIZE, vault_rent};
  TRY(create_pda_account(&create_vault));
  TRY(token_initialize_account3(l->vault, l->mint, l->order->key));

  u8 *order = l->order->data;
  st_u64(order, ACCOUNT_UNIVERSAL_ORDER);
  st_u64(order + ORDER_ORDER_ID, ld_u64(args + ARG_ORDER_ID));
  st_u64(order + ORDER_CRYPTO_AMOUNT, ld_u64(args + ARG_OFFER_AMOUNT));
  st_i64(order + ORDER_CREATED_AT, ctx->now);
  pubkey_copy(order + ORDER_CREATOR, args + ARG_CREATOR);
  pubkey_copy(order + ORDER_CRYPTO_MINT, l->mint->key);
  pubkey_copy(order + ORDER_VAULT, l->vault->key);
  pubkey_copy(order + ORDER_RENT_PAYER, l->admin->key);
  order[ORDER_IS_SELL_ORDER] = l->is_sell ? 1 : 0;
  order[ORDER_STATUS] = ORDER_STATUS_OPEN;
  order[ORDER_BUMP] = args[ARG_ORDER_BUMP];
  order[ORDER_VAULT_BUMP] = args[ARG_VAULT_BUMP];
  return SUCCESS;
}

/* Counts the lock against the order's daily limit (days are UTC calendar days). */
static u64 count_daily_fill(const Ctx *ctx, const u8 *config, u8 *order) {
  i64 now = ctx->now < 0 ? 0 : ctx->now;
  i64 day_start = now - now % SECONDS_PER_DAY;
  u32 count = ld_u32(order + ORDER_DAILY_FILL_COUNT);
  if (ld_i64(order + ORDER_DAILY_RESET_TS) != day_start) {
    st_i64(order + ORDER_DAILY_RESET_TS, day_start);
    count = 0;
  }
  u32 limit = ld_u32(config + CONFIG_DAILY_FILL_LIMIT);
  if (limit != 0 && count >= limit) return ERR_DAILY_FILL_LIMIT;
  st_u32(order + ORDER_DAILY_FILL_COUNT, count + 1);
  return SUCCESS;
}

static u64 create_ticket(const Ctx *ctx, const Lock *l) {
  const u8 *args = l->args;
  SolSignerSeed seed[4] = {{(const u8 *)"ticket", 6},
                           {(const u8 *)l->order->key, 32},
                           {args + ARG_TICKET_ID, 8},
                           {args + ARG_TICKET_BUMP, 1}};
  TRY(expect_pda(ctx, l->ticket, seed, 4, ANCHOR_CONSTRAINT_SEEDS));
  /* the ticket PDA already holds data: this deal was locked before */
  if (l->ticket->data_len != 0 || !pubkey_eq(l->ticket->owner, &SYSTEM_PROGRAM_ID)) return ERR_ALREADY_PERFORMED;
  u64 rent;
  TRY(rent_exempt_minimum(&l->rent, TICKET_SIZE, &rent));
  SolSignerSeeds seeds = {seed, 4};
  CreateAccountArgs create = {l->admin, l->ticket, ctx->program_id, &seeds, TICKET_SIZE, rent};
  TRY(create_pda_account(&create));

  u8 *ticket = l->ticket->data;
  st_u64(ticket, ACCOUNT_FILL_TICKET);
  st_u64(ticket + TICKET_TICKET_ID, ld_u64(args + ARG_TICKET_ID));
  st_u64(ticket + TICKET_AMOUNT, l->amount);
  st_u64(ticket + TICKET_FIAT_AMOUNT, ld_u64(args + ARG_FIAT_AMOUNT));
  st_i64(ticket + TICKET_CREATED_AT, ctx->now);
  st_i64(ticket + TICKET_UPDATED_AT, ctx->now);
  pubkey_copy(ticket + TICKET_ORDER, l->order->key);
  /* the acceptor is the party that took the offer: the buyer of a Sell offer, the seller of a Buy offer */
  pubkey_copy(ticket + TICKET_ACCEPTOR, l->is_sell ? args + ARG_FIAT_GUY : (const u8 *)l->locker->key);
  pubkey_copy(ticket + TICKET_CRYPTO_GUY, l->locker->key);
  pubkey_copy(ticket + TICKET_FIAT_GUY, args + ARG_FIAT_GUY);
  pubkey_copy(ticket + TICKET_RENT_PAYER, l->admin->key);
  ticket[TICKET_STATUS] = TICKET_STATUS_LOCKED;
  ticket[TICKET_FIRST_SIGNER] = PARTY_NONE;
  ticket[TICKET_BUMP] = args[ARG_TICKET_BUMP];
  return SUCCESS;
}

static void emit_offer_accepted(const Ctx *ctx, const Lock *l, const u8 *order) {
  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_OFFER_ACCEPTED);
  borsh_pubkey(&w, l->order->key);
  borsh_u64(&w, ld_u64(l->args + ARG_ORDER_ID));
  borsh_u64(&w, ld_u64(l->args + ARG_TICKET_ID));
  borsh_pubkey(&w, l->locker->key);
  borsh_pubkey(&w, l->args + ARG_FIAT_GUY);
  borsh_u64(&w, l->amount);
  borsh_u64(&w, ld_u64(l->args + ARG_FIAT_AMOUNT));
  borsh_u64(&w, ld_u64(order + ORDER_RESERVED_AMOUNT));
  borsh_bool(&w, l->is_sell);
  borsh_i64(&w, ctx->now);
  emit_event(&w);
}

u64 process_accept_offer_and_lock(Ctx *ctx) {
  TRY(expect_accounts(ctx, ACC_COUNT));
  TRY(expect_data_len(ctx, DATA_LEN));
  const u8 *args = ctx->data;
  if (args[ARG_IS_SELL_ORDER] > 1) return ANCHOR_INSTRUCTION_DID_NOT_DESERIALIZE;
  SolAccountInfo *ka = ctx->ka;
  Lock l = {
      .admin = &ka[ACC_ADMIN],
      .locker = &ka[ACC_LOCKER],
      .order = &ka[ACC_ORDER],
      .ticket = &ka[ACC_TICKET],
      .vault = &ka[ACC_VAULT],
      .mint = &ka[ACC_MINT],
      .locker_token = &ka[ACC_LOCKER_TOKEN],
      .config = NULL,
      .args = args,
      .amount = ld_u64(args + ARG_CRYPTO_AMOUNT),
      .is_sell = args[ARG_IS_SELL_ORDER] == 1,
  };

  TRY(load_config(ctx, &ka[ACC_CONFIG], &l.config));
  TRY(expect_admin(l.config, l.admin));
  if (!l.locker->is_signer) return ERR_UNAUTHORIZED;
  TRY(check_roles(&l));
  if (l.amount == 0 || ld_u64(args + ARG_FIAT_AMOUNT) == 0) return ERR_EXCEEDS_AVAILABLE;
  TRY(expect_writable(l.admin));
  TRY(expect_writable(l.order));
  TRY(expect_writable(l.ticket));
  TRY(expect_writable(l.vault));
  TRY(expect_writable(l.locker_token));
  TRY(expect_token_program(&ka[ACC_TOKEN_PROGRAM]));
  TRY(expect_system_program(&ka[ACC_SYSTEM_PROGRAM]));

  /* the locker's tokens: right mint, their own account, enough balance (checked before any account is created) */
  TRY(expect_token_account(l.locker_token, l.mint->key, l.locker->key));
  if (ld_u64(l.locker_token->data + TOKEN_ACCOUNT_AMOUNT) < l.amount) return ERR_INSUFFICIENT_BALANCE;

  TRY(load_rent(&l.rent));
  if (pubkey_eq(l.order->owner, ctx->program_id)) {
    u8 *existing;
    TRY(load_order(ctx, l.order, &existing));
    TRY(check_existing_order(ctx, &l, existing));
  } else {
    if (!pubkey_eq(l.order->owner, &SYSTEM_PROGRAM_ID)) return ERR_ORDER_NOT_FOUND;
    TRY(create_order(ctx, &l));
  }
  u8 *order = l.order->data;

  /* available = total - filled - reserved */
  u64 available, reserved;
  if (sub_u64(ld_u64(order + ORDER_CRYPTO_AMOUNT), ld_u64(order + ORDER_FILLED_AMOUNT), &available) ||
      sub_u64(available, ld_u64(order + ORDER_RESERVED_AMOUNT), &available)) {
    return ERROR_ARITHMETIC_OVERFLOW;
  }
  if (l.amount > available) return ERR_EXCEEDS_AVAILABLE;
  TRY(count_daily_fill(ctx, l.config, order));

  TRY(create_ticket(ctx, &l));
  TRY(token_transfer(l.locker_token, l.vault, l.locker, l.amount, NULL));

  u32 open = ld_u32(order + ORDER_OPEN_TICKETS);
  if (add_u64(ld_u64(order + ORDER_RESERVED_AMOUNT), l.amount, &reserved) || open == 0xffffffffU) {
    return ERROR_ARITHMETIC_OVERFLOW;
  }
  st_u64(order + ORDER_RESERVED_AMOUNT, reserved);
  st_u32(order + ORDER_OPEN_TICKETS, open + 1);
  st_i64(order + ORDER_LAST_ACTION_TS, ctx->now);
  st_i64(order + ORDER_UPDATED_AT, ctx->now);
  order[ORDER_ACCEPTOR] = 1;
  pubkey_copy(order + ORDER_ACCEPTOR + 1, l.ticket->data + TICKET_ACCEPTOR);

  emit_offer_accepted(ctx, &l, order);
  return SUCCESS;
}
