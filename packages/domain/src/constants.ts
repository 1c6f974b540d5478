/**
 * Business constants and limits. Durations are milliseconds unless the name says otherwise; the web app's own
 * layout sizes and timings live in apps/web/src/lib/ui.
 */

/** Network sent in every auth request. */
export const AUTH_NETWORK = 'sol';

// ── List defaults ──────────────────────────────────────────────────────────────
export const OWNER_ORDERS_PAGE_SIZE = 8;
export const OWNER_ORDERS_DEFAULT_DIR = 1;

export const PUBLIC_OFFERS_PAGE_SIZE = 10;
/** SortField.CreatedAt */
export const PUBLIC_OFFERS_DEFAULT_SORT_BY = 0;
export const PUBLIC_OFFERS_DEFAULT_SORT_DIR = 1;
/** OfferSide.Buy */
export const PUBLIC_OFFERS_DEFAULT_SIDE = 1;


export const NOTIFICATIONS_PAGE_SIZE = 10;
export const NOTIFICATIONS_FIRST_PAGE = 1;
/** Share of a notification that must be visible before it is marked read. */
export const NOTIFICATION_READ_VISIBILITY = 0.6;

export const REVIEWS_PAGE_SIZE = 20;

export const PICKER_STEP = 10;

export const COUNTRIES_PAGE_SIZE = 10;

// ── Place-order defaults ───────────────────────────────────────────────────────
/** OfferSide.Buy */
export const PLACE_ORDER_DEFAULT_SIDE = 1;
export const PLACE_ORDER_DEFAULT_PRICE_TYPE = 'fixed';
export const PLACE_ORDER_DEFAULT_PRICE = '10';
export const PLACE_ORDER_DEFAULT_PAYMENT_TIME_LIMIT_MINUTES = 30;

// ── Swap defaults ─────────────────────────────────────────────────────────────

// ── Deals and chain ───────────────────────────────────────────────────────────
export const MAX_PAYMENT_METHODS = 5;
export const DESCRIPTION_PREVIEW_CHARS = 100;
export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const SOL_DECIMALS = 9;
export const MIN_LAMPORTS_FOR_FEES = 1_000_000n;
export const TX_COMMITMENT = 'confirmed';

// ── Auth ──────────────────────────────────────────────────────────────────────
export const TOKEN_REFRESH_WINDOW_MS = 30_000;
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

// ── Chat and attachments ──────────────────────────────────────────────────────
export const CHAT_POLL_INTERVAL_MS = 5000;
export const MEGABYTE = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * MEGABYTE;
export const PDF_MAX_BYTES = 10 * MEGABYTE;
export const VIDEO_MAX_BYTES = 30 * MEGABYTE;

// ── Admin ─────────────────────────────────────────────────────────────────────
export const BAN_DEFAULT_DURATION_MS = 24 * 60 * 60 * 1000;
export const BAN_TIME_STEP_MINUTES = 15;
export const SUPPORT_RECEIVER = 'Admin';
export const SUPPORT_MESSAGE_TYPE = 'AdminNotification';

// ── Display of wallets and addresses ──────────────────────────────────────────
export const DEPOSIT_ADDRESS_PREVIEW_RATIO = 0.75;
export const WALLET_SHORT_HEAD = 8;
export const WALLET_SHORT_TAIL = 6;
