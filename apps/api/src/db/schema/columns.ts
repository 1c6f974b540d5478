import { timestamp } from 'drizzle-orm/pg-core';

/** Every time column is `timestamptz`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
