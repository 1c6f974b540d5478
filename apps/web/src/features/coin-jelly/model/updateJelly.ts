import { PROVIDE_A_REASON, SwapStatus } from '@jelly/domain';

export const TXID_REQUIRED = 'Enter the payout txID.';

export interface UpdateJellyForm {
  status: SwapStatus;
  txID: string;
  reason: string;
}

/** What stops an Update: Completed needs the payout's txID (the server checks it on its chain), Failed a reason. */
export function updateJellyErrors(form: UpdateJellyForm): { txID?: string; reason?: string } {
  const errors: { txID?: string; reason?: string } = {};
  if (form.status === SwapStatus.Completed && !form.txID.trim()) errors.txID = TXID_REQUIRED;
  if (form.status === SwapStatus.Failed && !form.reason.trim()) errors.reason = PROVIDE_A_REASON;
  return errors;
}
