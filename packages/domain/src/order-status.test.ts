import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_TABS,
  OrderStatus,
  dashboardTabStatus,
  isOrderStatus,
  orderStatusLabel,
  orderStatusName,
} from './order-status.ts';

describe('order status table', () => {
  it.each([
    [0, 'Active', 'Active'],
    [1, 'InProgress', 'In Progress'],
    [2, 'SignedByOneParty', 'Signed By One Party'],
    [3, 'Completed', 'Completed'],
    [4, 'Cancelled', 'Cancelled'],
    [5, 'AdminResolving', 'Admin Resolving'],
    [6, 'AdminResolved', 'Admin Resolved'],
    [7, 'Expired', 'Expired'],
    [8, 'CryptoGuyLockedCrypto', 'Locked'],
  ])('%i is %s labelled %s', (n, name, label) => {
    expect(orderStatusName(n)).toBe(name);
    expect(orderStatusLabel(n)).toBe(label);
    expect(OrderStatus[name as keyof typeof OrderStatus]).toBe(n);
    expect(isOrderStatus(n)).toBe(true);
  });

  it.each([9, -1, 1.5, NaN, '1', null, undefined])('%s is Unknown', (value) => {
    expect(orderStatusLabel(value)).toBe('Unknown');
    expect(orderStatusName(value)).toBeUndefined();
    expect(isOrderStatus(value)).toBe(false);
  });
});

describe('dashboard tabs', () => {
  it.each([
    ['All', undefined],
    ['Processing', 1],
    ['Completed', 3],
    ['Cancelled', 4],
  ] as const)('%s → %s', (tab, status) => {
    expect(dashboardTabStatus(tab)).toBe(status);
  });

  it('lists the four tabs in order', () => {
    expect(DASHBOARD_TABS).toEqual(['All', 'Processing', 'Completed', 'Cancelled']);
  });
});
