import { text, timestamp } from 'drizzle-orm/pg-core';

/** Every time column is `timestamptz`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Which chat a row names: a deal's room or a swap's room (deal and swap ids are separate sequences). */
export type ChatRoomKind = 'deal' | 'swap';
export const roomKind = () => text('room_kind').$type<ChatRoomKind>().notNull().default('deal');
