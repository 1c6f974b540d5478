/**
 * Business constants and limits (product spec section 9, plus the numbers stated in sections 2–8).
 * Durations are milliseconds, sizes pixels, unless the name says otherwise.
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

export const COIN_JELLY_PAGE_SIZE = 20;
export const COIN_JELLY_DEFAULT_SORT_BY = 0;
export const COIN_JELLY_DEFAULT_DIR = 1;

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const NOTIFICATIONS_FIRST_PAGE = 1;
export const NOTIFICATIONS_SCROLL_THRESHOLD_PX = 10;
/** Share of a notification that must be visible before it is marked read. */
export const NOTIFICATION_READ_VISIBILITY = 0.6;
export const NOTIFICATION_PANEL_WIDTH_PX = 350;
export const NOTIFICATION_PANEL_MAX_HEIGHT_PX = 450;

export const REVIEWS_PAGE_SIZE = 20;
export const REVIEWS_SCROLL_TRIGGER_PX = 50;

export const PICKER_INITIAL_COUNT = 10;
export const PICKER_STEP = 10;
export const PICKER_LOAD_DELAY_MS = 300;
export const PICKER_SCROLL_TRIGGER_PX = 100;
export const CURRENCY_DROPDOWN_INITIAL_COUNT = 20;

export const COUNTRIES_PAGE_SIZE = 10;
export const COUNTRIES_SCROLL_TRIGGER_PX = 100;
export const COUNTRIES_LOAD_DELAY_MS = 300;
export const COUNTRIES_LIST_HEIGHT_PX = 300;

// ── Place-order defaults ───────────────────────────────────────────────────────
/** OfferSide.Buy */
export const PLACE_ORDER_DEFAULT_SIDE = 1;
export const PLACE_ORDER_DEFAULT_PRICE_TYPE = 'fixed';
export const PLACE_ORDER_DEFAULT_PRICE = '10';
export const PLACE_ORDER_DEFAULT_PAYMENT_TIME_LIMIT_MINUTES = 30;

// ── Swap defaults ─────────────────────────────────────────────────────────────
export const SWAP_DEFAULT_FIRST_TOKEN = 'USDT';
export const SWAP_DEFAULT_SECOND_TOKEN = 'SOL';
export const SWAP_DEFAULT_CURRENT_COIN = 'All';

// ── Deals and chain ───────────────────────────────────────────────────────────
export const DEFAULT_TICKET_ID = 1;
export const UPLOAD_BUCKET = 2;
export const MAX_PAYMENT_METHODS = 5;
export const DESCRIPTION_PREVIEW_CHARS = 100;
/** Fiat amounts are cents: two decimals, × 100. */
export const FIAT_DECIMALS = 2;
export const DISPLAY_DECIMALS = 2;
export const AVAILABLE_MIN_DECIMALS = 2;
export const AVAILABLE_MAX_DECIMALS = 4;
/** Minimum native-coin balance to pay fees: 0.001 SOL. */
export const MIN_SOL_FOR_FEES = '0.001';
export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const SOL_DECIMALS = 9;
export const MIN_LAMPORTS_FOR_FEES = 1_000_000n;
export const TX_COMMITMENT = 'confirmed';
export const TX_CONFIRM_TIMEOUT_MS = 60_000;
export const TX_ABORT_TIMEOUT_MS = 15_000;
export const RPC_ACCOUNTS_BATCH_SIZE = 99;

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

// ── UI timings and layout ─────────────────────────────────────────────────────
export const COPY_CONFIRMATION_MS = 1000;
export const DEPOSIT_ADDRESS_PREVIEW_RATIO = 0.75;
export const WALLET_SHORT_HEAD = 8;
export const WALLET_SHORT_TAIL = 6;
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_SWIPE_DISMISS_PX = 100;
export const MOBILE_BREAKPOINT_PX = 767;
export const TAB_BAR_SCROLL_DELTA_PX = 8;
export const TAB_BAR_TOP_ZONE_PX = 20;
export const HEADER_HEIGHT_PX = 77;
export const FOOTER_TIME_ZONE = 'Europe/Nicosia';
export const FOOTER_CLOCK_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const FOOTER_VOLUME_TEXT = '24h Volume 108,536 USDT';
export const DATE_FORMAT = 'yyyy-MM-dd';
/** Date pickers start weeks on Monday (0 = Sunday, 1 = Monday). */
export const WEEK_STARTS_ON = 1;
export const LAZY_SCREEN_RETRIES = 2;
export const LAZY_SCREEN_RETRY_DELAY_MS = 800;
export const ANALYTICS_IDLE_FALLBACK_MS = 1500;

// ── Filters ───────────────────────────────────────────────────────────────────
export const ASSET_FILTER_OPTIONS = ['All', 'SOL', 'USDC', 'USDT'] as const;
export type AssetFilter = (typeof ASSET_FILTER_OPTIONS)[number];
