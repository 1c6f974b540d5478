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
  type AttachmentUploadResponse,
  type ChatMessage,
} from '@jelly/contracts';
import { CHAT_POLL_INTERVAL_MS } from '@jelly/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api/api.ts';
import { fallbackPollDue } from '../../../lib/realtime/realtimeSlice.ts';
import type { ApiClient } from '../../../lib/api/apiClient.ts';
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

/** Messages with id > after, following pages until a short one. */
export async function fetchMessagesAfter(apiClient: ApiClient, orderId: number, after: number): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  let cursor = after;
  for (;;) {
    const page = await apiClient.json(
      `${chatPaths.messages(orderId)}?after=${cursor}&limit=${CHAT_PAGE_MAX}`,
      chatMessagesResponse,
    );
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < CHAT_PAGE_MAX || !last) return all;
    cursor = last.id;
  }
}

export interface UploadAttachmentArgs {
  orderId: number;
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
      async queryFn(orderId, { extra }) {
        try {
          return { data: await fetchMessagesAfter((extra as ThunkExtra).apiClient, orderId, 0) };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
      // The poller lives as long as the cache entry: drop it as soon as no panel shows the chat.
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(orderId, { cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        // Realtime: while the socket is open new messages are pushed into this cache; the 5 s poll runs
        // only while it is down, plus once after each reconnect to catch up.
        let lastPollAt = Date.now();
        const timer = setInterval(() => {
          if (!fallbackPollDue(getState() as Parameters<typeof fallbackPollDue>[0], lastPollAt)) return;
          lastPollAt = Date.now();
          void dispatch(pollChatMessages(orderId));
        }, CHAT_POLL_INTERVAL_MS);
        await cacheEntryRemoved;
        clearInterval(timer);
      },
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

    /** POST /attachments/upload (multipart: RoomId, UserId, optional caption, File, Bucket 2). */
    uploadAttachment: build.mutation<AttachmentUploadResponse, UploadAttachmentArgs>({
      async queryFn(args, { extra, dispatch }) {
        const { apiClient } = extra as ThunkExtra;
        const form = new FormData();
        // RoomId and UserId first: the server authorises before it reads the file.
        form.append(ATTACHMENT_FIELDS.roomId, String(args.orderId));
        form.append(ATTACHMENT_FIELDS.userId, args.wallet);
        if (args.caption.trim()) form.append(ATTACHMENT_FIELDS.caption, args.caption.trim());
        form.append(ATTACHMENT_FIELDS.file, args.file, args.fileName);
        form.append(ATTACHMENT_FIELDS.bucket, ATTACHMENT_BUCKET);
        try {
          const response = await apiClient.fetch(`${apiClient.baseUrl}${attachmentPaths.upload}`, {
            method: 'POST',
            body: form,
            credentials: 'include',
          });
          if (!response.ok) throw await apiErrorFrom(response);
          const data = attachmentUploadResponse.parse(await response.json());
          void dispatch(pollChatMessages(args.orderId));
          return { data };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),
  }),
});

export const { useChatMessagesQuery, useSendChatMessageMutation, useUploadAttachmentMutation } = chatApi;

type ChatState = Parameters<ReturnType<typeof chatApi.endpoints.chatMessages.select>>[0];
type ChatDispatch = ThunkDispatch<ChatState, ThunkExtra, UnknownAction>;

/** Fetches the messages after the last one in the cache and adds them (silent on failure: the next poll retries). */
export function pollChatMessages(orderId: number) {
  return async (dispatch: ChatDispatch, getState: () => ChatState, extra: ThunkExtra): Promise<void> => {
    const cached = chatApi.endpoints.chatMessages.select(orderId)(getState()).data;
    if (!cached) return;
    const after = cached[cached.length - 1]?.id ?? 0;
    try {
      const fresh = await fetchMessagesAfter(extra.apiClient, orderId, after);
      if (fresh.length > 0) {
        dispatch(chatApi.util.updateQueryData('chatMessages', orderId, (draft) => mergeMessages(draft, fresh)));
      }
    } catch {
      // Polling failures are silent: the next poll tries again.
    }
  };
}
