import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';

/** A day of the current month, as the range picker opens on it. */
export const dayOfThisMonth = (d: number): Date => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), d);
};

/**
 * Opens the 'Date range' field inside `scope`, picks two days of the current month (in the order given) and applies
 * them; returns the range as the app sends it (yyyy-MM-dd, ordered).
 */
export async function pickDateRange(scope: HTMLElement, first: number, second: number): Promise<{ from: string; to: string }> {
  await userEvent.click(within(scope).getByRole('button', { name: /^Date range/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Date range' });
  const day = (d: number) => within(dialog).getByRole('button', { name: new RegExp(format(dayOfThisMonth(d), 'PPPP')) });
  await userEvent.click(day(first));
  await userEvent.click(day(second));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  const [from, to] = [first, second].sort((a, b) => a - b).map((d) => format(dayOfThisMonth(d), 'yyyy-MM-dd'));
  return { from: from!, to: to! };
}
