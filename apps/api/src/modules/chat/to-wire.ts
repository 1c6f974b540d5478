import type { ChatMessage } from '@jelly/contracts';
import type { ChatMessageRow } from './queries.ts';

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    dealId: row.dealId,
    ...(row.swapId !== null ? { swapId: row.swapId } : {}),
    accountId: row.senderWallet,
    content: row.content,
    createdAtUtc: row.createdAt.toISOString(),
    clientCreatedAtUtc: row.clientCreatedAt?.toISOString() ?? null,
    fileUrl: row.fileUrl,
    // only a system message says so: a user message reads as it always did
    ...(row.kind === 'system' ? { kind: 'system' as const } : {}),
  };
}
