import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { orders } from './orders-deals.ts';
import { swaps } from './swap.ts';

/**
 * Chat messages of a room: a deal (deal_id) or a swap (swap_id), exactly one of the two. created_at is the server's
 * clock (ordering, grouping, polling by id); client_created_at is what the sender's device reported, kept as sent.
 *
 * Two nullable foreign keys rather than a table of rooms: each kind keeps its referential integrity, and every deal
 * query, index and trigger reads deal_id exactly as before.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dealId: bigint('deal_id', { mode: 'number' }).references(() => orders.orderId),
    swapId: bigint('swap_id', { mode: 'number' }).references(() => swaps.id),
    senderWallet: text('sender_wallet').notNull(),
    content: text('content').notNull().default(''),
    /** user: written by the sender; system: the deal's own record of a party's act (a request for more time, its answer). */
    kind: text('kind').notNull().default('user'),
    /** Download path of an attachment (chat_attachments), null for a text message. */
    fileUrl: text('file_url'),
    clientCreatedAt: timestamptz('client_created_at'),
    createdAt: timestamptz('created_at').notNull(),
    /** The offer's auto reply, posted for the creator when the deal starts. */
    autoReply: boolean('auto_reply').notNull().default(false),
  },
  (t) => [
    // At most one auto reply per deal, however many writers try at once.
    uniqueIndex('chat_messages_one_auto_reply_idx').on(t.dealId).where(sql`${t.autoReply}`),
    // Reading a room, and polling it with id > after, is one index range.
    index('chat_messages_deal_id_idx').on(t.dealId, t.id),
    index('chat_messages_swap_id_idx').on(t.swapId, t.id),
    check('chat_messages_content_length', sql`char_length(${t.content}) <= 2000`),
    check('chat_messages_one_room', sql`num_nonnulls(${t.dealId}, ${t.swapId}) = 1`),
  ],
);

/**
 * Stored attachment files. object_key is random (never derived from the uploader's file name); content_type is the
 * type sniffed from the bytes. The message row points back through its file_url.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    objectKey: text('object_key').primaryKey(),
    dealId: bigint('deal_id', { mode: 'number' }).references(() => orders.orderId),
    swapId: bigint('swap_id', { mode: 'number' }).references(() => swaps.id),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id),
    uploaderWallet: text('uploader_wallet').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the stored bytes (evidence in a dispute); null for files stored before it was kept. */
    sha256: text('sha256'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('chat_attachments_deal_id_idx').on(t.dealId),
    index('chat_attachments_swap_id_idx').on(t.swapId),
    check('chat_attachments_one_room', sql`num_nonnulls(${t.dealId}, ${t.swapId}) = 1`),
  ],
);
