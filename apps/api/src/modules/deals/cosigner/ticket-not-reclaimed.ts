import { AppError } from '../../../errors.ts';
import type { Queryable } from '../queries.ts';
import { ticketReclaimQueued } from '../reclaim-rent/queue.ts';

export const DEAL_TICKET_CLOSED = 'This deal has ended and its escrow ticket was closed: it cannot be locked again.';

/**
 * close_ticket frees the ticket's address, so the program would accept a new lock with the same ticket id. The
 * server never reuses one: a deal's ticket id is its order id, drawn from the orders table's identity sequence,
 * which never hands out a number twice (not even after a rollback or a deleted row). And a lock is co-signed only
 * for a deal still In Progress, while a ticket is queued for closing only once its deal reached a final status,
 * which no deal ever leaves; this check states that rule outright, so a deal whose ticket was queued for closing
 * (or closed) is never locked again whatever its stored status says.
 */
export async function checkTicketNotReclaimed(db: Queryable, dealId: number): Promise<void> {
  if (await ticketReclaimQueued(db, dealId)) throw new AppError('CONFLICT', DEAL_TICKET_CLOSED);
}
