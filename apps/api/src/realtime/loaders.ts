import type { ChatMessage } from '@jelly/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { chatMessages } from '../db/schema/index.ts';

/** Chat messages by id, in the wire form of GET /chat/rooms/{orderId}/messages. */
export async function loadChatMessages(db: Database, ids: readonly number[]): Promise<Map<number, ChatMessage>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
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
      },
    ]),
  );
}
