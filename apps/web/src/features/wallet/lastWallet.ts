import type { KeyValueStorage } from '../../lib/storage.ts';

/** Key the wallet adapter keeps the selected wallet under (JSON string). */
export const ADAPTER_WALLET_KEY = 'walletName';
/** Our own copy: the adapter forgets its key on disconnect, the "last used" wallet should survive it. */
export const LAST_WALLET_KEY = 'lastWalletName';

function readJsonString(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

export function lastUsedWallet(storage: KeyValueStorage): string | null {
  return readJsonString(storage.getItem(ADAPTER_WALLET_KEY)) ?? readJsonString(storage.getItem(LAST_WALLET_KEY));
}

export function rememberWallet(storage: KeyValueStorage, name: string): void {
  storage.setItem(LAST_WALLET_KEY, JSON.stringify(name));
}
