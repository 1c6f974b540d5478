/* Entry point: deserialise the input, read the clock once, dispatch on the Anchor discriminator. */
#include "jelly.h"

/* The most accounts any instruction reads; extra trailing accounts are ignored. */
#define MAX_ACCOUNTS 12

static u64 dispatch(const u8 *input) {
  SolAccountInfo ka[MAX_ACCOUNTS];
  SolParameters params = {ka, 0, NULL, 0, NULL};
  sol_deserialize(input, &params, MAX_ACCOUNTS);

  if (params.data_len < 8) return ANCHOR_INSTRUCTION_MISSING;

  SolClock clock;
  if (sol_get_clock_sysvar(&clock) != SUCCESS) return ERROR_INVALID_ARGUMENT;

  Ctx ctx = {ka, params.ka_num, params.data, params.data_len, params.program_id, clock.unix_timestamp};

  switch (ld_u64(params.data)) {
    case IX_ACCEPT_OFFER_AND_LOCK:
      return process_accept_offer_and_lock(&ctx);
    case IX_SIGN_UNIVERSAL_TICKET:
      return process_sign_universal_ticket(&ctx);
    case IX_SETTLE_UNIVERSAL_TICKET:
      return process_settle_universal_ticket(&ctx);
    case IX_CANCEL_UNIVERSAL_TICKET:
      return process_cancel_universal_ticket(&ctx);
    case IX_ADMIN_RESOLVE_UNIVERSAL_TICKET:
      return process_admin_resolve_universal_ticket(&ctx);
    case IX_CANCEL_ORDER:
      return process_cancel_order(&ctx);
    case IX_CLOSE_ORDER:
      return process_close_order(&ctx);
    case IX_CLOSE_TICKET:
      return process_close_ticket(&ctx);
    case IX_INITIALIZE_CONFIG:
      return process_initialize_config(&ctx);
    case IX_UPDATE_CONFIG:
      return process_update_config(&ctx);
    case IX_PARTIES_RESOLVE_TICKET:
      return process_parties_resolve_ticket(&ctx);
    case IX_ESCAPE_TICKET:
      return process_escape_ticket(&ctx);
    case IX_ESCAPE_ORDER:
      return process_escape_order(&ctx);
    case IX_SET_ESCAPE_AFTER:
      return process_set_escape_after(&ctx);
    default:
      return ANCHOR_INSTRUCTION_FALLBACK_NOT_FOUND;
  }
}

u64 entrypoint(const u8 *input) {
  u64 result = dispatch(input);
  if (result != SUCCESS) log_anchor_error(result);
  return result;
}
