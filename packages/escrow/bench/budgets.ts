// Compute-unit budgets of the escrow instructions: the worst case the deal scenarios measure must stay at or
// under these. test/compute-units.test.ts fails when one is exceeded; bench/compute-units.ts reports against them.
// The deal path's targets are the ones the program was built to; the rest (setup, settlement after a deal,
// closes) are set near twice today's worst case so a regression shows without a rewrite of the figures.
export const COMPUTE_UNIT_BUDGETS: Readonly<Record<string, number>> = {
  'accept_offer_and_lock (creates order, vault, ticket)': 12_000,
  'accept_offer_and_lock (existing order)': 12_000,
  'sign_universal_ticket (first)': 3_000,
  'sign_universal_ticket (settling, second)': 8_000,
  cancel_universal_ticket: 8_000,
  'admin_resolve_universal_ticket (release)': 8_000,
  'admin_resolve_universal_ticket (refund)': 8_000,
  settle_universal_ticket: 8_000,
  close_ticket: 1_500,
  cancel_order: 2_000,
  close_order: 5_000,
  initialize_config: 8_000,
  set_escape_after: 6_000,
  // the ways out without the admin: a settlement's or a cancel's work without the admin check
  'parties_resolve_ticket (release)': 8_000,
  'parties_resolve_ticket (refund)': 8_000,
  'escape_ticket (refund)': 8_000,
  'escape_ticket (payout)': 8_000,
  escape_order: 5_000,
};
