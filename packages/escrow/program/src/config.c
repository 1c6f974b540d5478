/* initialize_config and update_config. */
#include "jelly.h"

/* BPFLoaderUpgradeab1e11111111111111111111111 */
static const SolPubkey UPGRADEABLE_LOADER_ID = {{0x02, 0xa8, 0xf6, 0x91, 0x4e, 0x88, 0xa1, 0xb0, 0xe2, 0x10, 0x15,
                                                 0x3e, 0xf7, 0x63, 0xae, 0x2b, 0x00, 0xc2, 0xb9, 0x3d, 0x16, 0xc1,
                                                 0x24, 0xd2, 0xc0, 0x53, 0x7a, 0x10, 0x04, 0x80, 0x00, 0x00}};

#define LOADER_STATE_PROGRAM 2
#define LOADER_STATE_PROGRAM_DATA 3
#define PROGRAM_DATA_AUTHORITY_TAG 12 /* u32 state, u64 slot, then Option<Pubkey> */

/* Args shared by both instructions: fee_bps u16, daily_fill_limit u32, cooldown_seconds u32, treasury. */
#define ARG_FEE_BPS 8
#define ARG_DAILY_FILL_LIMIT 10
#define ARG_COOLDOWN_SECONDS 14
#define ARG_TREASURY 18
#define ARG_BUMP 50

static u64 write_settings(const Ctx *ctx, u8 *config) {
  u16 fee_bps = ld_u16(ctx->data + ARG_FEE_BPS);
  if (fee_bps > MAX_FEE_BPS || pubkey_is_zero(ctx->data + ARG_TREASURY)) return ERR_INVALID_CONFIG;
  pubkey_copy(config + CONFIG_TREASURY, ctx->data + ARG_TREASURY);
  st_u32(config + CONFIG_DAILY_FILL_LIMIT, ld_u32(ctx->data + ARG_DAILY_FILL_LIMIT));
  st_u32(config + CONFIG_COOLDOWN_SECONDS, ld_u32(ctx->data + ARG_COOLDOWN_SECONDS));
  st_u16(config + CONFIG_FEE_BPS, fee_bps);
  return SUCCESS;
}

static void emit_config_updated(const Ctx *ctx, const u8 *config) {
  u8 buf[EVENT_MAX];
  BorshWriter w;
  event_begin(&w, buf, EVENT_CONFIG_UPDATED);
  borsh_pubkey(&w, config + CONFIG_ADMIN);
  borsh_pubkey(&w, config + CONFIG_TREASURY);
  borsh_u16(&w, ld_u16(config + CONFIG_FEE_BPS));
  borsh_u32(&w, ld_u32(config + CONFIG_DAILY_FILL_LIMIT));
  borsh_u32(&w, ld_u32(config + CONFIG_COOLDOWN_SECONDS));
  borsh_i64(&w, ctx->now);
  emit_event(&w);
}

/*
 * The program's upgrade authority, read from its loader accounts: *out is NULL for a program without one (loaded
 * at genesis by a local validator, or deployed final).
 */
static u64 upgrade_authority(const Ctx *ctx, const SolAccountInfo *program, const SolAccountInfo *program_data,
                             const u8 **out) {
  *out = NULL;
  if (!pubkey_eq(program->key, ctx->program_id)) return ANCHOR_INVALID_PROGRAM_ID;
  if (!pubkey_eq(program->owner, &UPGRADEABLE_LOADER_ID)) return SUCCESS;
  if (program->data_len < 36 || ld_u32(program->data) != LOADER_STATE_PROGRAM ||
      !pubkey_eq(program->data + 4, program_data->key)) {
    return ANCHOR_CONSTRAINT_HAS_ONE;
  }
  if (!pubkey_eq(program_data->owner, &UPGRADEABLE_LOADER_ID) || program_data->data_len < 45 ||
      ld_u32(program_data->data) != LOADER_STATE_PROGRAM_DATA) {
    return ANCHOR_CONSTRAINT_HAS_ONE;
  }
  if (program_data->data[PROGRAM_DATA_AUTHORITY_TAG] != 0) *out = program_data->data + PROGRAM_DATA_AUTHORITY_TAG + 1;
  return SUCCESS;
}

/*
 * While this program has an upgrade authority, only that key may become the admin, so nobody can
 * front-run the initialisation after a deploy. Programs without one have no authority to compare
 * against: initialise them first.
 */
static u64 expect_upgrade_authority(const Ctx *ctx, const SolAccountInfo *program, const SolAccountInfo *program_data,
                                    const SolAccountInfo *admin) {
  const u8 *authority;
  TRY(upgrade_authority(ctx, program, program_data, &authority));
  if (authority != NULL && !pubkey_eq(authority, admin->key)) return ERR_UNAUTHORIZED;
  return SUCCESS;
}

/* accounts: admin (signer, writable), config (writable), system_program, program, program_data */
u64 process_initialize_config(Ctx *ctx) {
  TRY(expect_accounts(ctx, 5));
  TRY(expect_data_len(ctx, 51));
  SolAccountInfo *admin = &ctx->ka[0], *config = &ctx->ka[1];
  if (!admin->is_signer) return ERR_UNAUTHORIZED;
  TRY(expect_writable(admin));
  TRY(expect_writable(config));
  TRY(expect_system_program(&ctx->ka[2]));
  TRY(expect_upgrade_authority(ctx, &ctx->ka[3], &ctx->ka[4], admin));

  const u8 *bump = ctx->data + ARG_BUMP;
  SolSignerSeed seed[2] = {{(const u8 *)"config", 6}, {bump, 1}};
  TRY(expect_pda(ctx, config, seed, 2, ANCHOR_CONSTRAINT_SEEDS));
  /* a PDA of ours that is no longer system-owned can only be our config: re-initialisation */
  if (!pubkey_eq(config->owner, &SYSTEM_PROGRAM_ID) || config->data_len != 0) return ERR_ALREADY_PERFORMED;

  SolRent rent;
  u64 lamports;
  TRY(load_rent(&rent));
  TRY(rent_exempt_minimum(&rent, CONFIG_SIZE, &lamports));
  SolSignerSeeds seeds = {seed, 2};
  CreateAccountArgs create = {admin, config, ctx->program_id, &seeds, CONFIG_SIZE, lamports};
  /* validate the settings before paying for the account */
  u8 staged[CONFIG_SIZE];
  TRY(write_settings(ctx, staged));
  TRY(create_pda_account(&create));

  u8 *data = config->data;
  st_u64(data, ACCOUNT_CONFIG);
  pubkey_copy(data + CONFIG_ADMIN, admin->key);
  TRY(write_settings(ctx, data));
  data[CONFIG_BUMP] = *bump;
  store_escape_after(data, DEFAULT_ESCAPE_AFTER_SECONDS);
  emit_config_updated(ctx, data);
  return SUCCESS;
}

/* accounts: admin (signer), new_admin (signer; the admin again to keep it), config (writable) */
u64 process_update_config(Ctx *ctx) {
  TRY(expect_accounts(ctx, 3));
  TRY(expect_data_len(ctx, 50));
  SolAccountInfo *admin = &ctx->ka[0], *new_admin = &ctx->ka[1], *config_info = &ctx->ka[2];
  const u8 *config_ro;
  TRY(load_config(ctx, config_info, &config_ro));
  TRY(expect_admin(config_ro, admin));
  /* the incoming admin signs too, so the key can never move to one nobody controls */
  if (!new_admin->is_signer) return ERR_UNAUTHORIZED;
  TRY(expect_writable(config_info));

  u8 *config = config_info->data;
  TRY(write_settings(ctx, config));
  pubkey_copy(config + CONFIG_ADMIN, new_admin->key);
  emit_config_updated(ctx, config);
  return SUCCESS;
}

/*
 * set_escape_after(escape_after_seconds u32): the escape deadline belongs to the upgrade authority (the key that
 * could change the rules anyway), not to the admin whose disappearance it guards against; a program without an
 * upgrade authority lets the admin set it. A config from before the field (83 bytes) grows to its new size here,
 * the signer paying the extra rent.
 *
 * accounts: authority (signer, writable), config (writable), program, program_data, system_program
 */
#define ARG_ESCAPE_AFTER 8

u64 process_set_escape_after(Ctx *ctx) {
  TRY(expect_accounts(ctx, 5));
  TRY(expect_data_len(ctx, 12));
  SolAccountInfo *authority = &ctx->ka[0], *config_info = &ctx->ka[1];
  const u8 *config_ro, *upgrader;
  TRY(load_config(ctx, config_info, &config_ro));
  TRY(upgrade_authority(ctx, &ctx->ka[2], &ctx->ka[3], &upgrader));
  if (!authority->is_signer) return ERR_UNAUTHORIZED;
  if (upgrader != NULL) {
    if (!pubkey_eq(upgrader, authority->key)) return ERR_UNAUTHORIZED;
  } else {
    TRY(expect_admin(config_ro, authority));
  }
  u32 seconds = ld_u32(ctx->data + ARG_ESCAPE_AFTER);
  if (seconds < MIN_ESCAPE_AFTER_SECONDS) return ERR_INVALID_CONFIG;
  TRY(expect_writable(config_info));

  if (config_info->data_len < CONFIG_SIZE) {
    TRY(expect_writable(authority));
    TRY(expect_system_program(&ctx->ka[4]));
    SolRent rent;
    u64 needed;
    TRY(load_rent(&rent));
    TRY(rent_exempt_minimum(&rent, CONFIG_SIZE, &needed));
    if (*config_info->lamports < needed) TRY(system_transfer(authority, config_info, needed - *config_info->lamports));
    /* grow in place through the serialized length (the runtime allows up to 10 KiB per instruction) */
    for (u64 i = config_info->data_len; i < CONFIG_SIZE; i++) config_info->data[i] = 0;
    st_u64(config_info->data - 8, CONFIG_SIZE);
    config_info->data_len = CONFIG_SIZE;
  }
  u8 *config = config_info->data;
  store_escape_after(config, seconds);
  emit_config_updated(ctx, config);
  return SUCCESS;
}
