/**
 * A Coin Jelly order's subject in the admin audit log (recorded through the audit module's recordAdminAct). The log's
 * order column points at P2P deals, whose ids are recorded as bare numbers, so a Coin Jelly order is prefixed; its id
 * also travels in details.jellyId.
 */
export const jellySubject = (id: number): string => `jelly:${id}`;
