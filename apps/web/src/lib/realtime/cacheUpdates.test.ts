import type { ChatMessage, Notification } from '@jelly/contracts';
import { describe, expect, it, vi } from 'vitest';
import { testStore } from '../../test/renderApp.tsx';
import { api } from '../api/api.ts';
import { activeChatRooms, activeSwapChatRooms, applyChatMessage, applyOrderStatus, applyPayoutWaitNotification } from './cacheUpdates.ts';

// Stand-ins with the names and tags the real features use (deal-chat's chatMessages, deal's dealOrder / 'Deal').
let dealFetches = 0;
let ownerListFetches = 0;
const testApi = api.enhanceEndpoints({ addTagTypes: ['Deal', 'OwnerOrders'] }).injectEndpoints({
  endpoints: (build) => ({
    chatMessages: build.query<ChatMessage[], number>({ queryFn: (dealId) => ({ data: [message(dealId, 1), message(dealId, 3)] }) }),
    swapChatMessages: build.query<ChatMessage[], number>({ queryFn: () => ({ data: [] }) }),
    dealOrder: build.query<{ id: number; fetch: number }, number>({
      queryFn: (id) => ({ data: { id, fetch: ++dealFetches } }),
      providesTags: (_r, _e, id) => [{ type: 'Deal', id }],
    }),
    ownerList: build.query<{ fetch: number }, string>({
      queryFn: () => ({ data: { fetch: ++ownerListFetches } }),
      providesTags: ['OwnerOrders'],
    }),
  }),
  overrideExisting: true,
});

type TestState = Parameters<ReturnType<typeof testApi.endpoints.chatMessages.select>>[0];
const stateOf = (store: { getState: () => unknown }) => store.getState() as TestState;

function message(dealId: number, id: number): ChatMessage {
  return {
    id,
    dealId,
    accountId: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    content: `message ${id}`,
    createdAtUtc: '2030-01-01T00:00:00.000Z',
    clientCreatedAtUtc: null,
    fileUrl: null,
  };
}

describe('realtime cache updates', () => {
  it('puts a pushed chat message into the open chat in id order, once, and leaves other chats alone', async () => {
    const { store } = testStore();
    const chat = store.dispatch(testApi.endpoints.chatMessages.initiate(7));
    await chat;
    expect(activeChatRooms(store.getState())).toEqual([7]);
    applyChatMessage(store.dispatch, { type: 'chat.message', dealId: 7, message: message(7, 2) });
    applyChatMessage(store.dispatch, { type: 'chat.message', dealId: 7, message: message(7, 2) });
    applyChatMessage(store.dispatch, { type: 'chat.message', dealId: 7, message: message(7, 4) });
    applyChatMessage(store.dispatch, { type: 'chat.message', dealId: 8, message: message(8, 5) });
    const ids = testApi.endpoints.chatMessages.select(7)(stateOf(store)).data?.map((m) => m.id);
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(testApi.endpoints.chatMessages.select(8)(stateOf(store)).data).toBeUndefined();
    chat.unsubscribe();
  });

  it('tells the deal chats on screen from the swap chats on screen (their ids are separate sequences)', async () => {
    const { store } = testStore();
    const dealChat = store.dispatch(testApi.endpoints.chatMessages.initiate(7));
    const swapChat = store.dispatch(testApi.endpoints.swapChatMessages.initiate(9));
    await Promise.all([dealChat, swapChat]);
    expect(activeChatRooms(store.getState())).toEqual([7]);
    expect(activeSwapChatRooms(store.getState())).toEqual([9]);
    dealChat.unsubscribe();
    swapChat.unsubscribe();
  });

  it('refetches a shown deal (and its offer) when its status changes', async () => {
    const { store } = testStore();
    const deal = store.dispatch(testApi.endpoints.dealOrder.initiate(12));
    const offer = store.dispatch(testApi.endpoints.dealOrder.initiate(3));
    await Promise.all([deal, offer]);
    const before = { deal: testApi.endpoints.dealOrder.select(12)(stateOf(store)).data?.fetch, offer: testApi.endpoints.dealOrder.select(3)(stateOf(store)).data?.fetch };
    applyOrderStatus(store.dispatch, { type: 'order.status', orderId: 12, parentOrderId: 3, status: 8, changedAt: '2030-01-01T00:00:00.000Z' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all([deal, offer]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(testApi.endpoints.dealOrder.select(12)(stateOf(store)).data?.fetch).toBeGreaterThan(before.deal ?? Infinity);
    expect(testApi.endpoints.dealOrder.select(3)(stateOf(store)).data?.fetch).toBeGreaterThan(before.offer ?? Infinity);
    deal.unsubscribe();
    offer.unsubscribe();
  });

  it('refetches the owner lists (the dashboard) on any status change of the wallet’s orders', async () => {
    const { store } = testStore();
    const list = store.dispatch(testApi.endpoints.ownerList.initiate('me'));
    await list;
    const before = testApi.endpoints.ownerList.select('me')(stateOf(store)).data?.fetch ?? Infinity;
    applyOrderStatus(store.dispatch, { type: 'order.status', orderId: 40, parentOrderId: null, status: 4, changedAt: '2030-01-01T00:00:00.000Z' });
    await vi.waitFor(() => expect(testApi.endpoints.ownerList.select('me')(stateOf(store)).data?.fetch).toBeGreaterThan(before));
    list.unsubscribe();
  });

  it('refetches a shown deal when its payout starts waiting for the reader’s token account (its status does not move)', async () => {
    const { store } = testStore();
    const deal = store.dispatch(testApi.endpoints.dealOrder.initiate(21));
    await deal;
    const before = testApi.endpoints.dealOrder.select(21)(stateOf(store)).data?.fetch ?? Infinity;
    const notice = (kind: Notification['kind']) =>
      ({ type: 'notification.created', notification: { id: 1, kind, title: 't', message: 'm', orderId: 21 } as Notification }) as const;
    applyPayoutWaitNotification(store.dispatch, notice('chat_message'));
    applyPayoutWaitNotification(store.dispatch, notice('refund_waits_for_account'));
    await vi.waitFor(() => expect(testApi.endpoints.dealOrder.select(21)(stateOf(store)).data?.fetch).toBe(before + 1));
    deal.unsubscribe();
  });
});
