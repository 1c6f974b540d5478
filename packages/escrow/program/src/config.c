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
 * While this program has an upgrade authority, only that key may become the admin, so nobody can
 * front-run the initialisation after a deploy. Programs without one (loaded at genesis by a local
 * validator, or deployed final) have no authority to compare against: initialise them first.
 */
static u64 expect_upgrade_authority(const Ctx *ctx, const SolAccountInfo *program, const SolAccountInfo *program_data,
                                    const SolAccountInfo *admin) {
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
  /* an immutable program (authority None) has nobody to defer to */
  if (program_data->data[PROGRAM_DATA_AUTHORITY_TAG] == 0) return SUCCESS;
  if (!pubkey_eq(program_data->data + PROGRAM_DATA_AUTHORITY_TAG + 1, admin->key)) return ERR_UNAUTHORIZED;
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
