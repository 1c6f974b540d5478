import { adminSpendAlerts } from '../../../db/schema/index.ts';
import type { Queryable } from '../../../db/rows.ts';

/** Claims the once-per-window alert for a crossed platform budget; true for the one caller that should alert. */
export async function claimPlatformAlert(db: Queryable, windowStart: Date, budget: string): Promise<boolean> {
  const inserted = await db
    .insert(adminSpendAlerts)
    .values({ windowStart, budget })
    .onConflictDoNothing()
    .returning({ budget: adminSpendAlerts.budget });
  return inserted.length > 0;
}
