/*
 * jelly.h - the Jelly escrow program's ABI: discriminators, error codes, account layouts,
 * instruction account orders and the helpers shared between instruction handlers.
 *
 * Everything here mirrors idl/jelly_escrow.json and src/client; test/abi.test.ts checks the
 * discriminators against sha256 and the layouts against the IDL.
 */
#ifndef JELLY_H
#define JELLY_H

#include "sol.h"

/* ---------- Anchor discriminators: first 8 bytes of sha256("<namespace>:<Name>"), read as u64 LE ---------- */

#define IX_INITIALIZE_CONFIG 0x46c4bec201157fd0ULL
#define IX_UPDATE_CONFIG 0x63db530abffc9e1dULL
#define IX_ACCEPT_OFFER_AND_LOCK 0x5b9579fd06f76b50ULL
#define IX_SIGN_UNIVERSAL_TICKET 0xc72a1cbe9f6ec9a2ULL
#define IX_SETTLE_UNIVERSAL_TICKET 0xa9f26361d6b3e1abULL
#define IX_CANCEL_UNIVERSAL_TICKET 0x77077acf6adf390dULL
#define IX_ADMIN_RESOLVE_UNIVERSAL_TICKET 0x5225f009757c32f3ULL
#define IX_CANCEL_ORDER 0x84df3108f0ed815fULL
#define IX_CLOSE_ORDER 0x04a83f071cd1675aULL
#define IX_CLOSE_TICKET 0x75b61b4bc572d142ULL
#define IX_PARTIES_RESOLVE_TICKET 0x436a146a1207c932ULL
#define IX_ESCAPE_TICKET 0x74a72fb43d638d5cULL
#define IX_ESCAPE_ORDER 0x37949c550209068fULL
#define IX_SET_ESCAPE_AFTER 0x1eecdb2038d58bbfULL

#define ACCOUNT_CONFIG 0x82ccfa1ee0aa0c9bULL
#define ACCOUNT_UNIVERSAL_ORDER 0x485adaa5c321118cULL
#define ACCOUNT_FILL_TICKET 0xf7d753f7df228238ULL

#define EVENT_CONFIG_UPDATED 0xc2c6130b7ae6f128ULL
#define EVENT_OFFER_ACCEPTED 0x1408128c73eeee51ULL
#define EVENT_TICKET_SIGNED 0x2c79bd3807a5ea56ULL
#define EVENT_TICKET_SETTLED 0xd3be9fb8030d2848ULL
#define EVENT_TICKET_CANCELLED 0xc178bebfde5b7a48ULL
#define EVENT_ORDER_CANCELLED 0xefa871a84480386cULL
#define EVENT_ORDER_CLOSED 0x7b952b487b654dedULL
#define EVENT_ADMIN_RESOLVED 0xc7c21b42330d012dULL

/* ---------- Errors ---------- */

/* The public catalogue: codes and texts clients already know */
#define ERR_INSUFFICIENT_BALANCE 6000ULL
#define ERR_INVALID_ORDER_TYPE 6001ULL
#define ERR_ORDER_NOT_FOUND 6002ULL
#define ERR_UNAUTHORIZED 6003ULL
#define ERR_ALREADY_PERFORMED 6004ULL
#define ERR_ALREADY_COMPLETED 6005ULL
#define ERR_ALREADY_CANCELLED 6006ULL
#define ERR_CANNOT_CANCEL 6007ULL
#define ERR_BOTH_MUST_SIGN 6008ULL
#define ERR_EXCEEDS_AVAILABLE 6009ULL
#define ERR_FIAT_GUY_CANNOT_LOCK 6010ULL
#define ERR_CRYPTO_GUY_MUST_LOCK 6011ULL
#define ERR_MINT_MISMATCH 6012ULL
#define ERR_TOKEN_ACCOUNT_REQUIRED 6013ULL
/* Ours, for conditions the catalogue does not name */
#define ERR_DAILY_FILL_LIMIT 6014ULL
#define ERR_COOLDOWN_ACTIVE 6015ULL
#define ERR_INVALID_CONFIG 6016ULL
#define ERR_NOT_CLOSABLE 6017ULL
/* The ways out without the admin (escape.c) */
#define ERR_ESCAPE_TOO_EARLY 6018ULL
#define ERR_ESCAPE_WRONG_PARTY 6019ULL
#define ERR_ESCAPE_CONTESTED 6020ULL
#define ERR_ESCAPE_NOTHING_LEFT 6021ULL

/* Anchor's framework codes, used for structural failures so Anchor tooling names them */
#define ANCHOR_INSTRUCTION_MISSING 100ULL
#define ANCHOR_INSTRUCTION_FALLBACK_NOT_FOUND 101ULL
#define ANCHOR_INSTRUCTION_DID_NOT_DESERIALIZE 102ULL
#define ANCHOR_CONSTRAINT_HAS_ONE 2001ULL
#define ANCHOR_CONSTRAINT_SEEDS 2006ULL
#define ANCHOR_ACCOUNT_DISCRIMINATOR_MISMATCH 3002ULL
#define ANCHOR_ACCOUNT_NOT_ENOUGH_KEYS 3005ULL
#define ANCHOR_ACCOUNT_NOT_MUTABLE 3006ULL
#define ANCHOR_ACCOUNT_OWNED_BY_WRONG_PROGRAM 3007ULL
#define ANCHOR_INVALID_PROGRAM_ID 3008ULL

#define TRY(expr)                 \
  do {                            \
    u64 _err = (expr);            \
    if (_err != SUCCESS) return _err; \
  } while (0)

/* ---------- Config: PDA ["config"] ---------- */

#define CONFIG_ADMIN 8
#define CONFIG_TREASURY 40
#define CONFIG_DAILY_FILL_LIMIT 72 /* u32, 0 = no limit */
#define CONFIG_COOLDOWN_SECONDS 76 /* u32, 0 = no cooldown */
#define CONFIG_FEE_BPS 80          /* u16 */
#define CONFIG_BUMP 82
#define CONFIG_ESCAPE_AFTER_SECONDS 83 /* u32, unaligned: read and written byte by byte */
#define CONFIG_SIZE 87
/* Deployments before the escape paths have 83-byte configs: they read as DEFAULT_ESCAPE_AFTER_SECONDS. */
#define CONFIG_SIZE_V1 83

/* 30 days after a deal's or an offer's last action, its parties may take the tokens back without the admin. */
#define DEFAULT_ESCAPE_AFTER_SECONDS 2592000U
/* The floor: the longest payment window (24 h) plus the dispute SLA (24 h), so no deal escapes while it may still
 * be paid or reviewed in the normal course. */
#define MIN_ESCAPE_AFTER_SECONDS 172800U

#define MAX_FEE_BPS 1000 /* 10%: a bound on what a compromised admin key could charge */
#define BPS_DENOMINATOR 10000

/* ---------- UniversalOrder: PDA ["order", order_id u64 LE] ---------- */

#define ORDER_ORDER_ID 8
#define ORDER_CRYPTO_AMOUNT 16 /* the offer's total */
#define ORDER_FIAT_AMOUNT 24   /* fiat value (cents) of what has been filled */
#define ORDER_FILLED_AMOUNT 32
#define ORDER_RESERVED_AMOUNT 40
#define ORDER_LAST_ACTION_TS 48 /* last lock, for the cooldown */
#define ORDER_DAILY_RESET_TS 56 /* start (UTC midnight) of the day daily_fill_count counts */
#define ORDER_CREATED_AT 64
#define ORDER_UPDATED_AT 72
#define ORDER_DAILY_FILL_COUNT 80 /* u32 */
#define ORDER_OPEN_TICKETS 84     /* u32 */
#define ORDER_CREATOR 88
#define ORDER_CRYPTO_MINT 120
#define ORDER_VAULT 152
#define ORDER_RENT_PAYER 184
#define ORDER_IS_SELL_ORDER 216
#define ORDER_STATUS 217
#define ORDER_BUMP 218
#define ORDER_VAULT_BUMP 219
#define ORDER_ACCEPTOR 220 /* Option<Pubkey>: tag byte then key; always Some once created */
#define ORDER_SIZE 253

#define ORDER_STATUS_OPEN 0
#define ORDER_STATUS_CANCELLED 1

/* ---------- FillTicket: PDA ["ticket", order, ticket_id u64 LE] ---------- */

#define TICKET_TICKET_ID 8
#define TICKET_AMOUNT 16
#define TICKET_FIAT_AMOUNT 24
#define TICKET_CREATED_AT 32
#define TICKET_UPDATED_AT 40
#define TICKET_ORDER 48
#define TICKET_ACCEPTOR 80
#define TICKET_CRYPTO_GUY 112
#define TICKET_FIAT_GUY 144
#define TICKET_RENT_PAYER 176
#define TICKET_CRYPTO_GUY_SIGNED 208
#define TICKET_FIAT_GUY_SIGNED 209
#define TICKET_STATUS 210
#define TICKET_FIRST_SIGNER 211
#define TICKET_BUMP 212
#define TICKET_SIZE 213

#define TICKET_STATUS_LOCKED 0
#define TICKET_STATUS_SETTLED 1
#define TICKET_STATUS_CANCELLED 2
#define TICKET_STATUS_RELEASED_BY_ADMIN 3
#define TICKET_STATUS_REFUNDED_BY_ADMIN 4

#define PARTY_NONE 0
#define PARTY_CRYPTO_GUY 1
#define PARTY_FIAT_GUY 2

/* ---------- SPL Token ---------- */

#define TOKEN_ACCOUNT_SIZE 165
#define TOKEN_ACCOUNT_MINT 0
#define TOKEN_ACCOUNT_OWNER 32
#define TOKEN_ACCOUNT_AMOUNT 64
#define TOKEN_ACCOUNT_STATE 108
#define TOKEN_STATE_INITIALIZED 1
#define MINT_SIZE 82
#define MINT_IS_INITIALIZED 45

#define SECONDS_PER_DAY 86400

extern const SolPubkey TOKEN_PROGRAM_ID;
extern const SolPubkey SYSTEM_PROGRAM_ID;

/* ---------- Shared helpers (common.c, cpi.c) ---------- */

typedef struct {
  SolAccountInfo *ka;
  u64 ka_num;
  const u8 *data;
  u64 data_len;
  const SolPubkey *program_id;
  i64 now;
} Ctx;

/* Instruction data is exactly `len` bytes (discriminator included). */
u64 expect_data_len(const Ctx *ctx, u64 len);
/* At least `n` accounts were passed. */
u64 expect_accounts(const Ctx *ctx, u64 n);
u64 expect_writable(const SolAccountInfo *a);
u64 expect_token_program(const SolAccountInfo *a);
u64 expect_system_program(const SolAccountInfo *a);

/* Config owned by this program with the right discriminator; admin signs and is config.admin. */
u64 load_config(const Ctx *ctx, const SolAccountInfo *config, const u8 **out);
u64 expect_admin(const u8 *config, const SolAccountInfo *admin);
/* The config's escape deadline in seconds (the default for a config from before the field existed). */
u32 config_escape_after(const SolAccountInfo *config);
void store_escape_after(u8 *config, u32 seconds);

/* An initialised UniversalOrder (owner + discriminator); else 6002. */
u64 load_order(const Ctx *ctx, const SolAccountInfo *order, u8 **out);
/* An initialised FillTicket of this order (owner + discriminator, else 6011; ticket.order == order, else 2001). */
u64 load_ticket(const Ctx *ctx, const SolAccountInfo *ticket, const SolAccountInfo *order, u8 **out);
/* The ticket is still Locked; otherwise the error naming its final state. */
u64 expect_ticket_locked(const u8 *ticket);

/* An initialised token account of `mint` owned by `owner` (6013 / 6012). */
u64 expect_token_account(const SolAccountInfo *a, const void *mint, const void *owner);
/* The order's vault: the key stored in the order (2001), still a token account. */
u64 expect_vault(const SolAccountInfo *vault, const u8 *order);

/* Verifies `account` is the PDA of `seeds` (the bump is the last seed), else `err`. */
u64 expect_pda(const Ctx *ctx, const SolAccountInfo *account, const SolSignerSeed *seeds, u64 seeds_len, u64 err);

/* Creates `target` (a PDA signed by `seeds`) with `space` bytes owned by `owner`, rent paid by `payer`. */
typedef struct {
  const SolAccountInfo *payer;
  SolAccountInfo *target; /* its data_len is refreshed after creation */
  const SolPubkey *owner;
  const SolSignerSeeds *seeds;
  u64 space;
  u64 lamports;
} CreateAccountArgs;
u64 create_pda_account(const CreateAccountArgs *args);

/* The Rent sysvar, read once per instruction, and the rent-exempt minimum for `space` bytes. */
u64 load_rent(SolRent *rent);
u64 rent_exempt_minimum(const SolRent *rent, u64 space, u64 *out);

/* SPL Token CPIs; `signer` is the PDA seeds of the authority or NULL when the authority signed the transaction. */
u64 token_transfer(const SolAccountInfo *from, const SolAccountInfo *to, const SolAccountInfo *authority, u64 amount,
                   const SolSignerSeeds *signer);
u64 token_initialize_account3(const SolAccountInfo *account, const SolAccountInfo *mint, const SolPubkey *owner);
u64 system_transfer(const SolAccountInfo *from, const SolAccountInfo *to, u64 lamports);
u64 token_close_account(const SolAccountInfo *account, const SolAccountInfo *destination,
                        const SolAccountInfo *authority, const SolSignerSeeds *signer);

/* The order PDA's seeds ["order", order_id LE, bump] for signing vault transfers. */
typedef struct {
  u8 order_id_le[8];
  u8 bump[1];
  SolSignerSeed seed[3];
  SolSignerSeeds seeds;
} OrderSigner;
void order_signer(const u8 *order, OrderSigner *out);

/* Pays out a ticket from the vault: net to `fiat_token`, fee to `treasury_token`. */
typedef struct {
  u64 amount;
  u64 fee;
  u64 net;
} Payout;
u64 fee_for(const u8 *config, u64 amount, Payout *out);

/* Moves one ticket out of the order's books: reserved -= amount, open_tickets -= 1 and, when filled, filled += amount. */
u64 release_reservation(u8 *order, const u8 *ticket, bool filled);

/* Anchor events: event_begin writes the discriminator, the handler the Borsh body, emit_event logs it. */
#define EVENT_MAX 256
void event_begin(BorshWriter *w, u8 *buf, u64 discriminator);
void emit_event(const BorshWriter *w);

/* Instruction handlers */
/* Logs Anchor's error line for a custom or framework error code (anchor_error.c). */
void log_anchor_error(u64 code);
u64 process_initialize_config(Ctx *ctx);
u64 process_update_config(Ctx *ctx);
u64 process_accept_offer_and_lock(Ctx *ctx);
u64 process_sign_universal_ticket(Ctx *ctx);
u64 process_settle_universal_ticket(Ctx *ctx);
u64 process_cancel_universal_ticket(Ctx *ctx);
u64 process_admin_resolve_universal_ticket(Ctx *ctx);
u64 process_cancel_order(Ctx *ctx);
u64 process_close_order(Ctx *ctx);
u64 process_close_ticket(Ctx *ctx);
u64 process_set_escape_after(Ctx *ctx);
u64 process_parties_resolve_ticket(Ctx *ctx);
u64 process_escape_ticket(Ctx *ctx);
u64 process_escape_order(Ctx *ctx);

/* Empties an account this program owns: lamports to `receiver`, data gone, back to the System program. */
u64 close_program_account(SolAccountInfo *account, SolAccountInfo *receiver);
u64 expect_rent_receiver(const SolAccountInfo *receiver, const u8 *payer);
void emit_ticket_cancelled(const Ctx *ctx, const SolAccountInfo *order_info, const u8 *order, const u8 *ticket);

/* Paying a ticket out of the vault (settlement and admin resolution). */
typedef struct {
  const u8 *config;
  const SolAccountInfo *order_info; /* the vault's token authority, signing with its seeds */
  u8 *order;
  u8 *ticket;
  const SolAccountInfo *vault;
  const SolAccountInfo *recipient_token; /* the fiat side's (release) or crypto side's (refund) */
  const SolAccountInfo *treasury_token;  /* checked and paid only when the fee is non-zero */
  const SolAccountInfo *token_program;
} Settlement;
/* Transfers p->net to recipient_token (owned by recipient_owner) and p->fee to the treasury. */
u64 pay_out(const Settlement *s, const u8 *recipient_owner, const Payout *p);
/* The second signature's payout: requires both signatures (6008). */
u64 settle_ticket(const Ctx *ctx, const Settlement *s);
void emit_ticket_settled(const Ctx *ctx, const SolAccountInfo *order_info, const u8 *order, const u8 *ticket,
                         const Payout *p);

#endif /* JELLY_H */
