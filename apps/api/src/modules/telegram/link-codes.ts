import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { telegramLinkCodes, telegramLinks } from '../../db/schema/index.ts';

/** A link code works for 10 minutes, once. */
export const TELEGRAM_CODE_TTL_MS = 10 * 60_000;

export interface IssuedCode {
  code: string;
  expiresAt: Date;
}

/** A fresh single-use code for `/start <code>` (24 random bytes, base64url: Telegram's start-parameter alphabet). */
export async function issueLinkCode(db: Database, wallet: string, now: Date): Promise<IssuedCode> {
  const code = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TELEGRAM_CODE_TTL_MS);
  await db.insert(telegramLinkCodes).values({ code, wallet, createdAt: now, expiresAt });
  // Housekeeping: codes stop mattering a day after they expire.
  await db.delete(telegramLinkCodes).where(lt(telegramLinkCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  return { code, expiresAt };
}

export type LinkResult =
  | { linked: true; wallet: string }
  | { linked: false; reason: 'unknown_or_expired' | 'already_used' };

/**
 * Links the chat to the code's wallet when the code is live and unused (a conditional update, so two /start with
 * one code link once). The same chat presenting its own used code again is told it is linked.
 */
export async function linkChatWithCode(
  db: Database,
  code: string,
  chat: { chatId: number; username: string | null },
  now: Date,
): Promise<LinkResult> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(telegramLinkCodes)
      .set({ usedAt: now, usedByChatId: chat.chatId })
      .where(and(eq(telegramLinkCodes.code, code), isNull(telegramLinkCodes.usedAt), gt(telegramLinkCodes.expiresAt, now)))
      .returning({ wallet: telegramLinkCodes.wallet });
    if (!claimed) {
      const [existing] = await tx.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.code, code));
      if (existing?.usedAt && existing.usedByChatId === chat.chatId) return { linked: true, wallet: existing.wallet };
      return { linked: false, reason: existing?.usedAt ? 'already_used' : 'unknown_or_expired' };
    }
    await tx
      .insert(telegramLinks)
      .values({ chatId: chat.chatId, wallet: claimed.wallet, username: chat.username, linkedAt: now })
      .onConflictDoUpdate({
        target: telegramLinks.chatId,
        set: { wallet: claimed.wallet, username: chat.username, linkedAt: now },
      });
    return { linked: true, wallet: claimed.wallet };
  });
}

/** /stop: the chat stops receiving notifications. Answers the wallet it followed, if any. */
export async function unlinkChat(db: Database, chatId: number): Promise<string | null> {
  const [removed] = await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ wallet: telegramLinks.wallet });
  return removed?.wallet ?? null;
}

export async function hasLinkedChat(db: Database, wallet: string): Promise<boolean> {
  const [row] = await db.select({ chatId: telegramLinks.chatId }).from(telegramLinks).where(eq(telegramLinks.wallet, wallet)).limit(1);
  return row !== undefined;
}
