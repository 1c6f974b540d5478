/** Sizes (pixels), timings (milliseconds) and fixed texts of the web app's layout and pickers. */

// ── Layout ────────────────────────────────────────────────────────────────────
/** The mobile layout and tab bar apply up to this width. */
export const MOBILE_BREAKPOINT_PX = 767;
export const TAB_BAR_SCROLL_DELTA_PX = 8;
export const TAB_BAR_TOP_ZONE_PX = 20;

// ── Toasts ────────────────────────────────────────────────────────────────────
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_SWIPE_DISMISS_PX = 100;

// ── Footer ────────────────────────────────────────────────────────────────────
/** The footer clock shows the time here, whatever the visitor's zone. */
export const FOOTER_TIME_ZONE = 'Europe/Nicosia';
export const FOOTER_VOLUME_TEXT = '24h Volume 108,536 USDT';

// ── Lists and pickers ─────────────────────────────────────────────────────────
export const NOTIFICATIONS_SCROLL_THRESHOLD_PX = 10;
/** The Reviews modal loads its next page when scrolled within this distance of the end. */
export const REVIEWS_SCROLL_THRESHOLD_PX = 50;
/** How long a copy button shows its check mark. */
export const COPY_CONFIRMATION_MS = 1000;
/** An unread notification is marked read (and loses its highlight) once it stayed in view this long. */
export const NOTIFICATION_SEEN_MS = 2000;
export const PICKER_INITIAL_COUNT = 10;
export const PICKER_LOAD_DELAY_MS = 300;
export const PICKER_SCROLL_TRIGGER_PX = 100;
export const COUNTRIES_SCROLL_TRIGGER_PX = 100;
export const COUNTRIES_LOAD_DELAY_MS = 300;
export const COUNTRIES_LIST_HEIGHT_PX = 300;

// ── Lazy screens ──────────────────────────────────────────────────────────────
export const LAZY_SCREEN_RETRIES = 2;
export const LAZY_SCREEN_RETRY_DELAY_MS = 800;
