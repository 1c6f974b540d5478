/** The Coin Jelly wire shapes and paths this feature reads, from the shared contract. */
import { apiPaths } from '@jelly/contracts';

export type {
  ConfirmJellyDepositRequest,
  JellyAccountWait,
  CreateJellyRequest,
  JellyAdminQueueResponse,
  JellyChoiceRequest,
  JellyCoin,
  JellyCoinsResponse,
  JellyEvent,
  JellyHistoryQuery,
  JellyListItem,
  JellyListResponse,
  JellyOrder,
  JellyQuote,
  JellyQuoteQuery,
  JellyStage,
  JellyStatus,
  JellyUserOrdersQuery,
  ReserveJellyRequest,
  UnattributedJellyDeposit,
  UpdateJellyRequest,
} from '@jelly/contracts';

export const coinJellyPaths = {
  coins: apiPaths.coinJellyCoins,
  quote: apiPaths.coinJellyQuote,
  reserve: apiPaths.coinJellyOrders,
  createJelly: apiPaths.coinJellyCreate,
  order: (id: number) => `${apiPaths.coinJellyOrders}/${id}`,
  choice: (id: number) => `${apiPaths.coinJellyOrders}/${id}/choice`,
  checkAccount: (id: number) => `${apiPaths.coinJellyOrders}/${id}/check-account`,
  userOrders: apiPaths.coinJellyUserOrders,
  jellyHistory: apiPaths.coinJellyHistory,
  adminQueue: apiPaths.adminJellyQueue,
  confirmDeposit: apiPaths.adminJellyConfirmDeposit,
  updateJelly: apiPaths.adminUpdateJelly,
} as const;
