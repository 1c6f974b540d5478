import {
  addChatMessageResponse,
  attachmentPaths,
  attachmentUploadResponse,
  ATTACHMENT_BUCKET,
  ATTACHMENT_FIELDS,
  CHAT_PAGE_MAX,
  chatMessagesResponse,
  chatPaths,
  errorResponse,
  type AddChatMessageRequest,
  type AddSwapChatMessageRequest,
  type AttachmentUploadResponse,
  type ChatMessage,
} from '@jelly/contracts';
import { CHAT_POLL_INTERVAL_MS } from '@jelly/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchArgs, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api/api.ts';
import { fallbackPollDue } from '../../../lib/realtime/realtimeSlice.ts';
import { ApiError, apiErrorFrom, errorReason } from '../../../lib/api/apiError.ts';
import type { ThunkExtra } from '../../../lib/api/thunkExtra.ts';
import { mergeMessages } from '../model/groupMessages.ts';

/** A failure in the shape fetchBaseQuery gives: an HTTP status with the server's error body, or a network error. */
function toQueryError(error: unknown): FetchBaseQueryError {
  if (error instanceof ApiError) {
    return { status: error.status, data: { error: { code: error.code ?? 'ERROR', message: error.message } } };
  }
  return { status: 'FETCH_ERROR', error: errorReason(error) };
}

/** The user-facing message of a failed chat call, or null for a network failure (those stay silent: the next poll retries). */
export function chatErrorMessage(error: unknown): string | null {
  const parsed = errorResponse.safeParse((error as { data?: unknown } | undefined)?.data);
  return parsed.success ? parsed.data.error.message : null;
}

type ChatBaseQuery = (args: FetchArgs) => QueryResult | PromiseLike<QueryResult>;

/** A chat room is a deal's (by order id) or a swap's (by swap id). */
export type ChatRoomKind = 'deal' | 'swap';

interface PollLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
}

/**
 * Realtime: while the socket is open new messages are pushed into the room's cache; the 5 s poll runs only while
 * it is down, plus once after each reconnect to catch up. The poller lives as long as the cache entry.
 */
async function pollWhileShown({ cacheDataLoaded, cacheEntryRemoved, dispatch, getState }: PollLifecycle, poll: () => unknown): Promise<void> {
  try {
    await cacheDataLoaded;
  } catch {
    return;
  }
  let lastPollAt = Date.now();
  const timer = setInterval(() => {
    if (!fallbackPollDue(getState() as Parameters<typeof fallbackPollDue>[0], lastPollAt)) return;
    lastPollAt = Date.now();
    void dispatch(poll());
  }, CHAT_POLL_INTERVAL_MS);
  await cacheEntryRemoved;
  clearInterval(timer);
}
type QueryResult = QueryReturnValue<unknown, FetchBaseQueryError, unknown>;

/**
 * GET /chat/{orderId}/messages: every message with id > after, following pages until a short one. One endpoint call
 * reads all the pages: the caller (the first load, the poll) wants the whole gap at once, to merge into one list.
 */
async function messagesAfter(baseQuery: ChatBaseQuery, url: string, after: number): Promise<{ data: ChatMessage[] } | { error: FetchBaseQueryError }> {
  const all: ChatMessage[] = [];
  let cursor = after;
  for (;;) {
    const result = await baseQuery({ url, params: { after: cursor, limit: CHAT_PAGE_MAX } });
    if (result.error) return { error: result.error };
    const parsed = chatMessagesResponse.safeParse(result.data);
    if (!parsed.success) return { error: { status: 'CUSTOM_ERROR', error: parsed.error.message } };
    const page = parsed.data;
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < CHAT_PAGE_MAX || !last) return { data: all };
    cursor = last.id;
  }
}

export interface UploadAttachmentArgs {
  /** The room: a deal's order id, or a swap's id when `room` is 'swap'. */
  orderId: number;
  room?: ChatRoomKind;
  wallet: string;
  file: Blob;
  fileName: string;
  caption: string;
}

/**
 * The deal chat's server data. The message list is fetched once, then polled every 5 s for messages after the last
 * id (polled every 5 seconds; failures silent: the next poll retries) for as long as a chat panel shows it.
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chatMessages: build.query<ChatMessage[], number>({
      queryFn: (orderId, _api, _extra, baseQuery) => messagesAfter(baseQuery, chatPaths.messages(orderId), 0),
      // The poller lives as long as the cache entry: drop it as soon as no panel shows the chat.
      keepUnusedDataFor: 0,
      onCacheEntryAdded: (orderId, lifecycle): Promise<void> => pollWhileShown(lifecycle, (): unknown => pollChatMessages(orderId)),
    }),

    /** A swap's room (its owner and the admins): read and kept up to date like a deal's. */
    swapChatMessages: build.query<ChatMessage[], number>({
      queryFn: (swapId, _api, _extra, baseQuery) => messagesAfter(baseQuery, chatPaths.swapMessages(swapId), 0),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: (swapId, lifecycle): Promise<void> => pollWhileShown(lifecycle, (): unknown => pollChatMessages(swapId, 'swap')),
    }),

    /**
     * The messages after a known id (the poll's catch-up). Read once and dropped: the poll merges them into
     * `chatMessages`, which is the list the screens show.
     */
    chatMessagesAfter: build.query<ChatMessage[], { orderId: number; after: number; room?: ChatRoomKind }>({
      queryFn: ({ orderId, after, room }, _api, _extra, baseQuery) =>
        messagesAfter(baseQuery, room === 'swap' ? chatPaths.swapMessages(orderId) : chatPaths.messages(orderId), after),
      keepUnusedDataFor: 0,
    }),

    /** POST /chat/add-messages; the answered message joins the list at once. */
    sendChatMessage: build.mutation<ChatMessage, AddChatMessageRequest>({
      query: (body) => ({ url: chatPaths.addMessage, method: 'POST', body }),
      responseSchema: addChatMessageResponse,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(chatApi.util.updateQueryData('chatMessages', body.dealId, (draft) => mergeMessages(draft, [data])));
        } catch {
          // The caller handles the failure (it keeps the text).
        }
      },
    }),

    /** POST /chat/swaps/{swapId}/messages; the answered message joins the list at once. */
    sendSwapChatMessage: build.mutation<ChatMessage, { swapId: number; body: AddSwapChatMessageRequest }>({
      query: ({ swapId, body }) => ({ url: chatPaths.swapMessages(swapId), method: 'POST', body }),
      responseSchema: addChatMessageResponse,
      async onQueryStarted({ swapId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(chatApi.util.updateQueryData('swapChatMessages', swapId, (draft) => mergeMessages(draft, [data])));
        } catch {
          // The caller handles the failure (it keeps the text).
        }
      },
    }),

    /** POST /attachments/upload (multipart: RoomId or SwapId, UserId, optional caption, File, Bucket 2). */
    uploadAttachment: build.mutation<AttachmentUploadResponse, UploadAttachmentArgs>({
      async queryFn(args, { extra, dispatch }) {
        const { apiClient } = extra as ThunkExtra;
        const form = new FormData();
        // RoomId and UserId first: the server authorises before it reads the file.
        form.append(args.room === 'swap' ? ATTACHMENT_FIELDS.swapId : ATTACHMENT_FIELDS.roomId, String(args.orderId));
        form.append(ATTACHMENT_FIELDS.userId, args.wallet);
        if (args.caption.trim()) form.append(ATTACHMENT_FIELDS.caption, args.caption.trim());
        form.append(ATTACHMENT_FIELDS.file, args.file, args.fileName);
        form.append(ATTACHMENT_FIELDS.bucket, ATTACHMENT_BUCKET);
        // The client's fetch, not the base query: a refusal without a JSON body (a proxy's 413 page) still reaches
        // the user as its status text.
        try {
          const response = await apiClient.fetch(`${apiClient.baseUrl}${attachmentPaths.upload}`, {
            method: 'POST',
            body: form,
            credentials: 'include',
          });
          if (!response.ok) throw await apiErrorFrom(response);
          const data = attachmentUploadResponse.parse(await response.json());
          void dispatch(pollChatMessages(args.orderId, args.room));
          return { data };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),
  }),
});

export const {
  useChatMessagesQuery,
  useSwapChatMessagesQuery,
  useSendChatMessageMutation,
  useSendSwapChatMessageMutation,
  useUploadAttachmentMutation,
} = chatApi;

type ChatState = Parameters<ReturnType<typeof chatApi.endpoints.chatMessages.select>>[0];
type ChatDispatch = ThunkDispatch<ChatState, ThunkExtra, UnknownAction>;

/** Fetches the messages after the last one in the room's cache and adds them (silent on failure: the next poll retries). */
export function pollChatMessages(orderId: number, room: ChatRoomKind = 'deal') {
  const endpoint = room === 'swap' ? 'swapChatMessages' : 'chatMessages';
  return async (dispatch: ChatDispatch, getState: () => ChatState): Promise<void> => {
    const cached = chatApi.endpoints[endpoint].select(orderId)(getState()).data;
    if (!cached) return;
    const after = cached[cached.length - 1]?.id ?? 0;
    try {
      const read = dispatch(chatApi.endpoints.chatMessagesAfter.initiate({ orderId, after, room }, { subscribe: false, forceRefetch: true }));
      const fresh = await read.unwrap();
      if (fresh.length > 0) {
        dispatch(chatApi.util.updateQueryData(endpoint, orderId, (draft) => mergeMessages(draft, fresh)));
      }
    } catch {
      // Polling failures are silent: the next poll tries again.
    }
  };
}
