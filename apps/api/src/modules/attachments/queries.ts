import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { chatAttachments } from '../../db/schema/index.ts';

export type AttachmentRow = typeof chatAttachments.$inferSelect;

export async function findAttachment(db: Database, objectKey: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.objectKey, objectKey));
  return row;
}
