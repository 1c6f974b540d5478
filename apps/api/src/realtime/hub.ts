/** One authenticated WebSocket as the hub sees it. */
export interface RealtimeClient {
  readonly id: string;
  readonly wallet: string;
  readonly isAdmin: boolean;
  /** Deal rooms this socket subscribed to. */
  readonly deals: Set<number>;
  /** The client IP the socket came from (per-IP cap). */
  readonly ip: string;
  /** Sends one serialised server message (RealtimeServerMessage as JSON). */
  send: (frame: string) => void;
  /** Closes the socket with an application close code and reason. */
  close: (code: number, reason: string) => void;
}

/** This process's sockets, by wallet and by deal room. Cross-process delivery goes through the signals. */
export class RealtimeHub {
  private readonly byWallet = new Map<string, Set<RealtimeClient>>();
  private readonly byDeal = new Map<number, Set<RealtimeClient>>();

  get connectionCount(): number {
    let count = 0;
    for (const set of this.byWallet.values()) count += set.size;
    return count;
  }

  register(client: RealtimeClient): void {
    addTo(this.byWallet, client.wallet, client);
  }

  unregister(client: RealtimeClient): void {
    removeFrom(this.byWallet, client.wallet, client);
    for (const dealId of client.deals) removeFrom(this.byDeal, dealId, client);
    client.deals.clear();
  }

  join(client: RealtimeClient, dealId: number): void {
    client.deals.add(dealId);
    addTo(this.byDeal, dealId, client);
  }

  leave(client: RealtimeClient, dealId: number): void {
    client.deals.delete(dealId);
    removeFrom(this.byDeal, dealId, client);
  }

  /** This wallet's open sockets on this process. */
  socketsOf(wallet: string): RealtimeClient[] {
    return [...(this.byWallet.get(wallet) ?? [])];
  }

  hasWallet(wallet: string | null): boolean {
    return wallet !== null && this.byWallet.has(wallet);
  }

  hasViewers(dealId: number): boolean {
    return this.byDeal.has(dealId);
  }

  /** The sockets of these wallets plus the subscribers of the deal room, each once. */
  recipients(wallets: readonly (string | null)[], dealId: number | null): Set<RealtimeClient> {
    const out = new Set<RealtimeClient>();
    for (const wallet of wallets) {
      if (wallet) for (const client of this.byWallet.get(wallet) ?? []) out.add(client);
    }
    if (dealId !== null) for (const client of this.byDeal.get(dealId) ?? []) out.add(client);
    return out;
  }

  /** The sockets of these wallets plus every admin's (the desk answers every swap's chat), each once. */
  walletsAndAdmins(wallets: readonly (string | null)[]): Set<RealtimeClient> {
    const out = this.recipients(wallets, null);
    for (const client of this.all()) if (client.isAdmin) out.add(client);
    return out;
  }

  /** Every socket (shutdown, resync). */
  all(): RealtimeClient[] {
    return [...this.byWallet.values()].flatMap((set) => [...set]);
  }
}

function addTo<K>(map: Map<K, Set<RealtimeClient>>, key: K, client: RealtimeClient): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(client);
}

function removeFrom<K>(map: Map<K, Set<RealtimeClient>>, key: K, client: RealtimeClient): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(client);
  if (set.size === 0) map.delete(key);
}
