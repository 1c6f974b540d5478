import type { Notification } from '@jelly/contracts';
import { decrementUnread, hasMoreNotifications, markNotificationRead, NOTIFICATIONS_FIRST_PAGE } from '@jelly/domain';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';
import { realtimeEventReceived } from '../../../lib/realtime/realtimeSlice.ts';
import { notificationCalls } from '../api/notificationCalls.ts';

/** The notification list's client state: list, unreadCount, page, hasMore, loading (+ the Telegram link state). */
export interface NotificationsState {
  list: Notification[];
  unreadCount: number;
  /** The next page to load. */
  page: number;
  hasMore: boolean;
  loading: boolean;
  telegram: {
    /** null until known. */
    linked: boolean | null;
    /** Set while the user is linking in Telegram: has-telegram is polled until it answers true. */
    waitingSince: number | null;
  };
}

const initialState: NotificationsState = {
  list: [],
  unreadCount: 0,
  page: NOTIFICATIONS_FIRST_PAGE,
  hasMore: true,
  loading: false,
  telegram: { linked: null, waitingSince: null },
};

type Api = { extra: ThunkExtra; state: { user: { token: string | null }; notifications: NotificationsState } };

/** Notification calls happen only with a token. */
const hasToken = (state: Api['state']) => Boolean(state.user.token);

export const loadNextNotificationsPage = createAsyncThunk<{ page: number; items: Notification[] }, void, Api>(
  'notifications/loadNextPage',
  async (_arg, { extra, getState }) => {
    const { page } = getState().notifications;
    const response = await notificationCalls.page(extra.apiClient, page);
    return { page, items: response.data };
  },
  { condition: (_arg, { getState }) => hasToken(getState()) && getState().notifications.hasMore && !getState().notifications.loading },
);

/** GET /Notification/unread-count; 0 on error. */
export const refreshUnreadCount = createAsyncThunk<number, void, Api>(
  'notifications/refreshUnreadCount',
  async (_arg, { extra }) => notificationCalls.unreadCount(extra.apiClient).catch(() => 0),
  { condition: (_arg, { getState }) => hasToken(getState()) },
);

/** Marks read at once in the list and the count, then tells the server (its failure is swallowed). */
export const markRead = createAsyncThunk<void, number, Api>(
  'notifications/markRead',
  async (id, { extra, dispatch }) => {
    dispatch(notificationMarkedRead({ id, at: new Date().toISOString() }));
    await notificationCalls.markRead(extra.apiClient, id).catch(() => undefined);
  },
  {
    condition: (id, { getState }) => {
      const state = getState();
      return hasToken(state) && state.notifications.list.some((n) => n.id === id && !n.isRead);
    },
  },
);

export const checkTelegramLink = createAsyncThunk<boolean | null, string, Api>(
  'notifications/checkTelegram',
  // has-telegram failures are swallowed (null: unknown).
  async (wallet, { extra }) => notificationCalls.hasTelegram(extra.apiClient, wallet).catch(() => null),
  { condition: (_wallet, { getState }) => hasToken(getState()) },
);

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** Closing the panel (or leaving the page): the list starts over; the unread count stays. */
    notificationsReset(state) {
      state.list = [];
      state.page = NOTIFICATIONS_FIRST_PAGE;
      state.hasMore = true;
      state.loading = false;
    },
    notificationMarkedRead(state, action: PayloadAction<{ id: number; at: string }>) {
      const index = state.list.findIndex((n) => n.id === action.payload.id);
      const item = state.list[index];
      if (!item || item.isRead) return;
      state.list[index] = markNotificationRead(item, new Date(action.payload.at));
      state.unreadCount = decrementUnread(state.unreadCount);
    },
    telegramLinkStarted(state, action: PayloadAction<number>) {
      state.telegram.waitingSince = action.payload;
    },
    telegramLinkGaveUp(state) {
      state.telegram.waitingSince = null;
    },
    notificationsSignedOut() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadNextNotificationsPage.pending, (state) => {
        state.loading = true;
      })
      .addCase(loadNextNotificationsPage.fulfilled, (state, action) => {
        state.loading = false;
        // A reset while the page was on its way: drop it.
        if (action.payload.page !== state.page) return;
        const known = new Set(state.list.map((n) => n.id));
        state.list.push(...action.payload.items.filter((n) => !known.has(n.id)));
        state.hasMore = hasMoreNotifications(action.payload.items.length);
        state.page = action.payload.page + 1;
      })
      .addCase(loadNextNotificationsPage.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.loading = false;
        // A fetch failure sets hasMore false.
        state.hasMore = false;
      })
      .addCase(refreshUnreadCount.fulfilled, (state, action) => {
        state.unreadCount = Math.max(0, action.payload);
      })
      .addCase(checkTelegramLink.fulfilled, (state, action) => {
        if (action.payload === null) return;
        state.telegram.linked = action.payload;
        if (action.payload) state.telegram.waitingSince = null;
      })
      .addCase(realtimeEventReceived, (state, action) => {
        const event = action.payload;
        if (event.type !== 'notification.created') return;
        if (state.list.some((n) => n.id === event.notification.id)) return;
        // A list that has loaded its first page shows the new one on top; an empty list loads it with page 1.
        if (state.page > NOTIFICATIONS_FIRST_PAGE) state.list.unshift(event.notification);
        if (!event.notification.isRead) state.unreadCount += 1;
      });
  },
});

export const { notificationsReset, notificationMarkedRead, telegramLinkStarted, telegramLinkGaveUp, notificationsSignedOut } =
  notificationsSlice.actions;

type WithNotifications = { notifications: NotificationsState };
export const selectNotifications = (state: WithNotifications) => state.notifications;
export const selectUnreadCount = (state: WithNotifications) => state.notifications.unreadCount;
export const selectTelegramLink = (state: WithNotifications) => state.notifications.telegram;
