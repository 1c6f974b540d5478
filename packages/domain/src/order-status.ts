/** Order status numbers, names and labels and dashboard tabs (what each status means: deal-lifecycle.ts; swap statuses: swap-lifecycle.ts). */

export const OrderStatus = {
  Active: 0,
  InProgress: 1,
  SignedByOneParty: 2,
  Completed: 3,
  Cancelled: 4,
  AdminResolving: 5,
  AdminResolved: 6,
  Expired: 7,
  CryptoGuyLockedCrypto: 8,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export type OrderStatusName = keyof typeof OrderStatus;

export const UNKNOWN_STATUS_LABEL = 'Unknown';

const LABELS: Readonly<Record<OrderStatus, string>> = {
  0: 'Active',
  1: 'In Progress',
  2: 'Signed By One Party',
  3: 'Completed',
  4: 'Cancelled',
  5: 'Admin Resolving',
  6: 'Admin Resolved',
  7: 'Expired',
  8: 'Locked',
};

const NAMES = Object.fromEntries(Object.entries(OrderStatus).map(([name, n]) => [n, name])) as Record<
  OrderStatus,
  OrderStatusName
>;

export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 8;
}

/** The label shown for a status number; 'Unknown' for anything outside 0–8. */
export function orderStatusLabel(value: unknown): string {
  return isOrderStatus(value) ? LABELS[value] : UNKNOWN_STATUS_LABEL;
}

/** The status name (e.g. 'CryptoGuyLockedCrypto'), or undefined for an unknown number. */
export function orderStatusName(value: unknown): OrderStatusName | undefined {
  return isOrderStatus(value) ? NAMES[value] : undefined;
}

// ── Dashboard status tabs ─────────────────────────────────────────────────────
export const DASHBOARD_TABS = ['All', 'Processing', 'Completed', 'Cancelled'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const TAB_STATUS: Readonly<Record<DashboardTab, OrderStatus | undefined>> = {
  All: undefined,
  Processing: OrderStatus.InProgress,
  Completed: OrderStatus.Completed,
  Cancelled: OrderStatus.Cancelled,
};

/** Status filter for a dashboard tab: All → no filter (undefined). */
export function dashboardTabStatus(tab: DashboardTab): OrderStatus | undefined {
  return TAB_STATUS[tab];
}
