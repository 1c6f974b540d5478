/**
 * User-facing strings, as named constants so web and api never retype them: clients and tests match them
 * exactly, so a change here is a change of the product's wording.
 *
 * Punctuation: single phrases ('No results found', 'Please provide a reason') carry no trailing period;
 * multi-sentence messages keep theirs.
 */

// ── UI errors ─────────────────────────────────────────────────────────────────────
export const WALLET_NOT_READY = 'Wallet/program not ready';
export const FAILED_TO_CHECK_BALANCES = 'Failed to check balances. Please try again.';
export const FAILED_TO_SUBMIT_FOR_COSIGN = 'Failed to submit transaction for admin co-sign';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
export const MISSING_REQUIRED_DATA = 'Missing required data. Please try again.';
export const CANCEL_FAILED = 'Cancel failed';
export const FAILED_TO_LOCK_ORDER = 'Failed to lock order';
export const CONNECT_WALLET_TO_LOCK = 'Connect wallet to lock order';
export const RESOLVE_FAILED = 'Resolve failed';
export const FAILED_TO_SIGN_TICKET = 'Failed to sign ticket';
export const AMOUNT_EXCEEDS_AVAILABLE = 'Amount exceeds available balance';
export const LIVE_PRICE_UNAVAILABLE = 'Live price unavailable — using listed price';
export const NO_RESULTS_FOUND = 'No results found';
export const FAILED_TO_LOAD_ATTACHMENT = 'Failed to load attachment';
export const OPEN_ATTACHMENT = 'Open attachment';
export const PROVIDE_A_REASON = 'Please provide a reason';
export const FAILED_TO_SUBMIT_REPORT = 'Failed to submit report';
export const FAILED_TO_BLOCK_USER = 'Failed to block user';
export const FAILED_TO_CREATE_TOKEN = 'Failed to create token';
export const FAILED_TO_BAN_USER = 'Failed to ban user';
/** A repeated request (the swap confirmation, a second report of the same wallet); kept with its closing period. */
export const ALREADY_SENT_REQUEST = "You've already sent this request.";
export const START_DATE_AFTER_END = 'The start date cannot be after the end date.';
export const ORDER_ALREADY_RESOLVED_BY_ADMIN = 'Order already resolved by admin.';
export const NO_TOKENS_LOCKED = 'No tokens are locked for this order';
export const DEAL_EXPIRED = 'This deal has expired.';
export const DISPUTE_NOT_POSSIBLE = 'A support request can be opened only for a deal in progress.';
export const OFFER_NOT_ACTIVE = 'This offer is no longer active.';
export const CLAIM_OWN_OFFER = 'You cannot claim your own offer.';
export const NOT_A_PARTY = 'Only the two parties of this deal can do this.';
export const TX_CONFIRM_TIMEOUT = 'Transaction failed to confirm in 60s';

/** 'Error: {message}' */
export function errorWithMessage(message: string): string {
  return `Error: ${message}`;
}

// ── Success ───────────────────────────────────────────────────────────────────────
export const OPERATION_CONFIRMED = 'Operation confirmed successfully!';
export const ORDER_CANCELLED = 'Order cancelled';
/** A visitor's shared offer link that the signed-out market would not list (unknown, a deal, closed, region-limited). */
export const OFFER_NOT_ON_MARKET = 'This offer is not on the market.';
export const TICKET_SIGNED = 'Ticket signed';
export const ORDER_LOCKED = 'Order locked';
export const RESOLVE_SUBMITTED = 'Resolve transaction submitted';
export const REPORT_SUBMITTED = 'Report submitted';
export const USER_BLOCKED = 'User blocked successfully';
export const TOKEN_CREATED = 'Token created successfully';
export const USER_BANNED = 'User banned';
export const USER_UNBANNED = 'Ban lifted';
/** A resolution above the four-eyes amount, recorded and waiting for a different admin. */
export const RESOLVE_AWAITING_SECOND_ADMIN = 'Resolution recorded: awaiting a second admin';

// ── Deal preconditions ────────────────────────────────────────────────────────
export const NO_COUNTERPARTY_YET = 'No counterparty yet';
export const INVALID_AMOUNT_TO_LOCK = 'Invalid amount to lock';
export const LOCK_NOT_AVAILABLE = 'Lock not available for this order';
export const ONLY_FIAT_SIDE_CAN_CANCEL = 'Only fiat side can cancel after lock';
export const COUNTERPARTIES_NOT_SET = 'Counterparties not set';
export const MISSING_FIAT_PARTICIPANT = 'Missing fiat participant';

// ── Wallet checks ─────────────────────────────────────────────────────────────
export const NEED_SOL_FOR_FEES = 'You need at least 0.001 SOL to pay fees. Please top up your SOL balance.';

/** 'Insufficient {symbol} balance to sell {amount} {symbol}' */
export function insufficientBalanceMessage(symbol: string, amount: string): string {
  return `Insufficient ${symbol} balance to sell ${amount} ${symbol}`;
}

// ── Chat guards ───────────────────────────────────────────────────────────────
export const CHAT_SEND_ORDER_NOT_FOUND = 'Cannot send: order not found.';
export const CHAT_SEND_CONNECT_WALLET = 'Connect your wallet to send messages.';
export const CHAT_SEND_SIGN_IN = 'Please sign in to send messages.';
export const CHAT_CLOSED = 'This chat is closed for this order.';
export const CHAT_UPLOAD_ORDER_NOT_FOUND = 'Cannot upload: order not found.';
export const CHAT_UPLOAD_CONNECT_WALLET = 'Connect your wallet to upload files.';
export const CHAT_UPLOAD_SIGN_IN = 'Please sign in to upload files.';

// ── Attachments ('to large file' is the wording clients already match) ───────────
export const UNSUPPORTED_FILE_TYPE =
  'Unsupported file type. Allowed: images (jpeg, png, gif, webp), pdf, videos (mp4, webm, mov).';
export const FILE_TOO_LARGE = 'to large file';

// ── Screen texts ───────────────────────────────────────────────────────────────
export const LOG_OUT_TITLE = 'Log Out?';
export const LOG_OUT_DESCRIPTION =
  'Are you sure you want to log out? You will need to connect your wallet again to continue.';
export const NO_NOTIFICATIONS = 'No notifications';
export const NO_REVIEWS_YET = 'No reviews yet';
export const NO_MORE_REVIEWS = 'No more reviews to load';
export const TRANSACTION_SUCCESSFUL = 'The transaction was successful!';
export const PROCESSING = 'Processing...';
/** The attachment preview uses the single ellipsis character. */
export const SENDING_ATTACHMENT = 'Sending…';
export const LOADING = 'Loading…';
export const DROP_FILES_HERE = 'Drag & drop files here';
export const DROP_LIMITS_HINT = 'Images ≤ 5MB • PDF ≤ 10MB • Videos ≤ 30MB';
export const RELEASE_TO_SEND = 'Release to preview and send';
export const SELECT_COUNTRY = 'Select Country';
export const ALL_COUNTRIES = 'All Countries';
export const PAYMENT_METHODS_LIMIT_LABEL = '(up to 5 payment methods)';
export const SELF_SENDER_LABEL = 'You';

/** 'Open {wallet}?' — mobile confirm before opening the last-used wallet. */
export function openWalletPrompt(walletName: string): string {
  return `Open ${walletName}?`;
}

/** 'Claim Offer #{orderId}' */
export function claimOfferTitle(orderId: string | number): string {
  return `Claim Offer #${orderId}`;
}
export const NO_OPTIONS = 'No options';
export const SWAP_PENDING_CONFIRMATION = 'Pending — transaction awaiting confirmation';
export const SWAP_FAILED_OR_INVALID = 'Error — failed or invalid transaction';
export const CHECK_DEPOSIT_ADDRESS = 'Please carefully check the deposit wallet address!';
