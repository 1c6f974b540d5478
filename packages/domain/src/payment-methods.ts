/** Payment-method selection: at most 5; a sixth click is ignored. */
import { MAX_PAYMENT_METHODS } from './constants.ts';

export interface PaymentMethodRef {
  readonly id: string | number;
  readonly name: string;
}

/**
 * Toggles `item` in `selected` (matched by `sameItem`, default: equal `id`): removes it when present, adds it
 * when absent and fewer than `max` are selected, otherwise returns the selection unchanged. Never mutates.
 */
export function toggleLimited<T>(
  selected: readonly T[],
  item: T,
  sameItem: (a: T, b: T) => boolean,
  max: number,
): readonly T[] {
  if (selected.some((s) => sameItem(s, item))) return selected.filter((s) => !sameItem(s, item));
  if (selected.length >= max) return selected;
  return [...selected, item];
}

export function togglePaymentMethod<T extends PaymentMethodRef>(selected: readonly T[], method: T): readonly T[] {
  return toggleLimited(selected, method, (a, b) => a.id === b.id, MAX_PAYMENT_METHODS);
}

export function canSelectMorePaymentMethods(selected: readonly unknown[]): boolean {
  return selected.length < MAX_PAYMENT_METHODS;
}
