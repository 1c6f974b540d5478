import { describe, expect, it } from 'vitest';
import { canSelectMorePaymentMethods, togglePaymentMethod } from './payment-methods.ts';

const pm = (id: number) => ({ id, name: `Method ${id}` });

describe('payment methods (at most 5)', () => {
  it('adds, removes and ignores a sixth', () => {
    let selected: readonly ReturnType<typeof pm>[] = [];
    for (let i = 1; i <= 6; i++) selected = togglePaymentMethod(selected, pm(i));
    expect(selected.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(canSelectMorePaymentMethods(selected)).toBe(false);

    selected = togglePaymentMethod(selected, pm(3));
    expect(selected.map((m) => m.id)).toEqual([1, 2, 4, 5]);
    expect(canSelectMorePaymentMethods(selected)).toBe(true);

    selected = togglePaymentMethod(selected, pm(6));
    expect(selected.map((m) => m.id)).toEqual([1, 2, 4, 5, 6]);
  });

  it('does not mutate the selection', () => {
    const selected = [pm(1)];
    const next = togglePaymentMethod(selected, pm(2));
    expect(selected).toHaveLength(1);
    expect(next).toHaveLength(2);
  });
});
