import { describe, expect, it } from 'vitest';
import { priceSourceText } from './quoteFigures.ts';

describe('priceSourceText', () => {
  const now = new Date('2030-01-01T12:00:00Z');

  it('calls the embedded fixed table a demo price table, with no age (its date is when it was captured)', () => {
    expect(priceSourceText('bundled', Date.parse('2024-08-19T00:02:31Z'), now)).toBe('Demo price table');
  });

  it('gives a live feed its real age', () => {
    expect(priceSourceText('pyth', now.getTime() - 4_000, now)).toBe('Pyth · 4 s old');
    expect(priceSourceText('jupiter', now.getTime() - 180_000, now)).toBe('Jupiter · 3 min old');
  });
});
