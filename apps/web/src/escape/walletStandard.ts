// A small Wallet Standard client for the escape page. The app's wallet code (lib/wallet) runs inside the app's store
// and session, which pull its API client; this page must run from a saved file with no Jelly server, so it speaks the
// registration protocol itself: listen for 'wallet-standard:register-wallet', announce 'wallet-standard:app-ready'.
import { PublicKey, Transaction } from '@solana/web3.js';

interface StandardAccount {
  address: string;
  chains: readonly string[];
}

interface StandardWallet {
  name: string;
  icon: string;
  chains: readonly string[];
  accounts: readonly StandardAccount[];
  features: Record<string, unknown>;
}

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardAccount[] }>;
}

interface SignTransactionFeature {
  signTransaction(...inputs: { account: StandardAccount; transaction: Uint8Array; chain?: string }[]): Promise<{ signedTransaction: Uint8Array }[]>;
}

type RegisterCallback = (api: { register(...wallets: StandardWallet[]): () => void }) => void;

/** A Solana wallet the page can use: it connects and signs transactions. */
export const isSolanaWallet = (w: StandardWallet) => 'standard:connect' in w.features && 'solana:signTransaction' in w.features;

/** Collects the wallets the browser offers, now and as they register later; `changed` runs after each. */
export function watchWallets(changed: (wallets: StandardWallet[]) => void): StandardWallet[] {
  const wallets: StandardWallet[] = [];
  const api = {
    register(...added: StandardWallet[]) {
      for (const w of added) if (isSolanaWallet(w) && !wallets.includes(w)) wallets.push(w);
      changed([...wallets]);
      return () => undefined;
    },
  };
  window.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent<RegisterCallback>).detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  return wallets;
}

export interface ConnectedWallet {
  name: string;
  publicKey: PublicKey;
  /** Adds the wallet's signature to a legacy transaction. */
  sign(tx: Transaction): Promise<Transaction>;
}

/** Asks the wallet to connect (the user approves it in the wallet) and uses its first account. */
export async function connectWallet(wallet: StandardWallet, chain: string): Promise<ConnectedWallet> {
  const { accounts } = await (wallet.features['standard:connect'] as ConnectFeature).connect();
  const account = accounts[0];
  if (!account) throw new Error(`${wallet.name} shared no account.`);
  const signer = wallet.features['solana:signTransaction'] as SignTransactionFeature;
  return {
    name: wallet.name,
    publicKey: new PublicKey(account.address),
    async sign(tx) {
      const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
      const [signed] = await signer.signTransaction({ account, transaction: new Uint8Array(bytes), chain });
      if (!signed) throw new Error(`${wallet.name} returned no signed transaction.`);
      return Transaction.from(signed.signedTransaction);
    },
  };
}

export type { StandardWallet };
