/**
 * How a send ended: it landed or failed on chain, expired unsent (its blockhash died before it landed), or was
 * dropped by its owner when the send was refused on the way out (never sent again by the recovery).
 */
export type SendEnd = 'landed' | 'failed' | 'expired' | 'dropped';

/** Which send: its transaction id and the owner's record it belongs to (an order id), when it has one. */
export interface SendRef {
  signature: string;
  ownerRef: string | null;
}

/** Hears the platform sends of one app's database as they are recorded and ended (the metrics, the logs). */
export interface SendObserver {
  recorded(kind: string, send: SendRef): void;
  /** `seconds` from the send's record to its end, by the app's clock. */
  ended(kind: string, end: SendEnd, seconds: number, send: SendRef): void;
}

// Keyed by the app's database handle: every send of an app is recorded and ended through its own handle, and tests
// build several apps in one process, each with its own observers.
const observers = new WeakMap<object, Set<SendObserver>>();

/** Starts telling `observer` about the sends recorded and ended through `db`; returns the way to stop. */
export function observeSends(db: object, observer: SendObserver): () => void {
  let set = observers.get(db);
  if (!set) {
    set = new Set();
    observers.set(db, set);
  }
  set.add(observer);
  return () => set.delete(observer);
}

/** Called after the database transaction that recorded or ended the send committed; an observer never fails a send. */
export function notifySends(db: object, tell: (observer: SendObserver) => void): void {
  for (const observer of observers.get(db) ?? []) {
    try {
      tell(observer);
    } catch {
      // a metric is never worth a money path's failure
    }
  }
}
