/* Cross-program invocations: System program account creation and SPL Token instructions. */
#include "jelly.h"

#define SYSTEM_IX_CREATE_ACCOUNT 0
#define SYSTEM_IX_ASSIGN 1
#define SYSTEM_IX_TRANSFER 2
#define SYSTEM_IX_ALLOCATE 8

#define TOKEN_IX_TRANSFER 3
#define TOKEN_IX_CLOSE_ACCOUNT 9
#define TOKEN_IX_INITIALIZE_ACCOUNT3 18

static void meta(SolAccountMeta *m, const SolAccountInfo *a, bool writable, bool signer) {
  m->pubkey = a->key;
  m->is_writable = writable;
  m->is_signer = signer;
}

static u64 invoke(const SolPubkey *program, SolAccountMeta *metas, u64 metas_len, u8 *data, u64 data_len,
                  const SolAccountInfo *infos, int infos_len, const SolSignerSeeds *signer) {
  SolInstruction ix = {(SolPubkey *)program, metas, metas_len, data, data_len};
  return sol_invoke_signed_c(&ix, infos, infos_len, signer, signer == NULL ? 0 : 1);
}

/*
 * The runtime updates the serialized length (the u64 just before the data) after a CPI, not our
 * copy of the account info; a stale length in the next CPI would read as a resize.
 */
static void refresh_data_len(SolAccountInfo *account) { account->data_len = ld_u64(account->data - 8); }

static u64 system_two_accounts(u32 kind, const CreateAccountArgs *args, u8 *data, u64 data_len) {
  SolAccountMeta metas[2];
  meta(&metas[0], args->payer, true, true);
  meta(&metas[1], args->target, true, true);
  SolAccountInfo infos[2] = {*args->payer, *args->target};
  st_u32(data, kind);
  TRY(invoke(&SYSTEM_PROGRAM_ID, metas, 2, data, data_len, infos, 2, args->seeds));
  refresh_data_len(args->target);
  return SUCCESS;
}

static u64 system_one_account(u32 kind, const CreateAccountArgs *args, u8 *data, u64 data_len) {
  SolAccountMeta metas[1];
  meta(&metas[0], args->target, true, true);
  SolAccountInfo infos[1] = {*args->target};
  st_u32(data, kind);
  TRY(invoke(&SYSTEM_PROGRAM_ID, metas, 1, data, data_len, infos, 1, args->seeds));
  refresh_data_len(args->target);
  return SUCCESS;
}

u64 create_pda_account(const CreateAccountArgs *args) {
  u8 data[52];
  u64 current = *args->target->lamports;
  if (current == 0) {
    st_u64(data + 4, args->lamports);
    st_u64(data + 12, args->space);
    pubkey_copy(data + 20, args->owner);
    return system_two_accounts(SYSTEM_IX_CREATE_ACCOUNT, args, data, 52);
  }
  /*
   * Someone sent lamports to the address before us: CreateAccount would refuse it as in use,
   * so top it up, allocate and assign instead (the address still has to sign through its seeds).
   */
  if (current < args->lamports) {
    st_u64(data + 4, args->lamports - current);
    TRY(system_two_accounts(SYSTEM_IX_TRANSFER, args, data, 12));
  }
  st_u64(data + 4, args->space);
  TRY(system_one_account(SYSTEM_IX_ALLOCATE, args, data, 12));
  pubkey_copy(data + 4, args->owner);
  return system_one_account(SYSTEM_IX_ASSIGN, args, data, 36);
}

/* Lamports from a signing wallet to `to` (a top-up paid by the signer of the instruction). */
u64 system_transfer(const SolAccountInfo *from, const SolAccountInfo *to, u64 lamports) {
  SolAccountMeta metas[2];
  meta(&metas[0], from, true, true);
  meta(&metas[1], to, true, false);
  SolAccountInfo infos[2] = {*from, *to};
  u8 data[12];
  st_u32(data, SYSTEM_IX_TRANSFER);
  st_u64(data + 4, lamports);
  return invoke(&SYSTEM_PROGRAM_ID, metas, 2, data, 12, infos, 2, NULL);
}

u64 token_transfer(const SolAccountInfo *from, const SolAccountInfo *to, const SolAccountInfo *authority, u64 amount,
                   const SolSignerSeeds *signer) {
  SolAccountMeta metas[3];
  meta(&metas[0], from, true, false);
  meta(&metas[1], to, true, false);
  meta(&metas[2], authority, false, true);
  SolAccountInfo infos[3] = {*from, *to, *authority};
  u8 data[9];
  data[0] = TOKEN_IX_TRANSFER;
  st_u64(data + 1, amount);
  return invoke(&TOKEN_PROGRAM_ID, metas, 3, data, 9, infos, 3, signer);
}

u64 token_initialize_account3(const SolAccountInfo *account, const SolAccountInfo *mint, const SolPubkey *owner) {
  SolAccountMeta metas[2];
  meta(&metas[0], account, true, false);
  meta(&metas[1], mint, false, false);
  SolAccountInfo infos[2] = {*account, *mint};
  u8 data[33];
  data[0] = TOKEN_IX_INITIALIZE_ACCOUNT3;
  pubkey_copy(data + 1, owner);
  return invoke(&TOKEN_PROGRAM_ID, metas, 2, data, 33, infos, 2, NULL);
}

u64 token_close_account(const SolAccountInfo *account, const SolAccountInfo *destination,
                        const SolAccountInfo *authority, const SolSignerSeeds *signer) {
  SolAccountMeta metas[3];
  meta(&metas[0], account, true, false);
  meta(&metas[1], destination, true, false);
  meta(&metas[2], authority, false, true);
  SolAccountInfo infos[3] = {*account, *destination, *authority};
  u8 data[1] = {TOKEN_IX_CLOSE_ACCOUNT};
  return invoke(&TOKEN_PROGRAM_ID, metas, 3, data, 1, infos, 3, signer);
}
