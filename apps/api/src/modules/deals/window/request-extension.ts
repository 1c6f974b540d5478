import type { DealWindow } from '@jelly/contracts';
import { WINDOW_EXTENSION_PENDING, extensionRequestRefusal, extensionRequestedText } from '@jelly/domain';
import type { Database } from '../../../db/connect.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../auth/index.ts';
import { dealWindowExtensions } from '../../../db/schema/index.ts';
import { DEAL_NOT_FOUND, accessWindowDeal, refusalError } from './window-access.ts';
import { announceWindowChange } from './window-events.ts';
import { findWindowDeal, listExtensions, toDealWindow, toRecord } from './window-queries.ts';

export interface WindowContext {
  db: Database;
  now: () => Date;
}

/**
 * A party asks for more time: access check, then in one transaction under the deal row's lock the rules are read
 * against the deal as it is now (the clock read after the lock), the request is stored and announced. The
 * database's unique indexes back the rules up: one pending request per deal, two requests at most.
 */
export async function requestExtension(ctx: WindowContext, user: AuthUser, dealId: number, minutes: number): Promise<DealWindow> {
  await accessWindowDeal(ctx.db, user, dealId, false);
  return ctx.db.transaction(async (tx) => {
    const deal = await findWindowDeal(tx, dealId, true);
    if (!deal) throw notFound(DEAL_NOT_FOUND);
    const now = ctx.now();
    const extensions = await listExtensions(tx, dealId);
    const refusal = extensionRequestRefusal(deal, extensions.map(toRecord), user.wallet, now);
    if (refusal) throw refusalError(refusal);
    const inserted = await tx
      .insert(dealWindowExtensions)
      .values({ dealId, seq: extensions.length + 1, requestedBy: user.wallet, minutes, state: 'pending', createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict(WINDOW_EXTENSION_PENDING);
    await announceWindowChange(tx, deal, { by: user.wallet, text: extensionRequestedText(minutes), deadline: deal.paymentDeadline, now, requestedMinutes: minutes });
    return toDealWindow(deal, [...extensions, ...inserted]);
  });
}
