import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { VersionedTransaction } from '@solana/web3.js';
import type { TestKeypair } from './keys.ts';

const injectedScriptPath = fileURLToPath(new URL('./injected-wallet.js', import.meta.url));

/** What an exposed function returns to the page: errors travel as data so the page can rebuild them. */
type Reply<T> = { ok: true; value: T } | { ok: false; code: number; message: string };

interface PageAccount {
  address: string;
  publicKey: number[];
}

export interface SignMessageRequest {
  address: string;
  /** The signed bytes decoded as UTF-8 (sign-in messages are text). */
  text: string;
  rejected: boolean;
}

export interface SignTransactionRequest {
  address: string;
  rejected: boolean;
}

export const USER_REJECTED = { code: 4001, message: 'User rejected the request.' } as const;

/**
 * The test-process half of 'Jelly Test Wallet'. It holds the private keys, decides what the
 * wallet in the page may do, signs for real with ed25519, and records every request.
 */
export class TestWallet {
  readonly #keys: readonly TestKeypair[];
  #active: TestKeypair;
  /** The user approved this site once, so a silent (auto) connect succeeds. */
  #authorized = false;
  #connected = false;
  #rejectSignMessages = 0;
  #rejectSignTransactions = 0;
  readonly #pages = new Set<Page>();
  readonly signMessageRequests: SignMessageRequest[] = [];
  readonly signTransactionRequests: SignTransactionRequest[] = [];

  constructor(keys: readonly TestKeypair[]) {
    const first = keys[0];
    if (!first) throw new Error('TestWallet needs at least one keypair');
    this.#keys = keys;
    this.#active = first;
  }

  get activeAccount(): TestKeypair {
    return this.#active;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Exposes the signing functions and injects the wallet into every document the page loads. */
  async install(page: Page): Promise<void> {
    this.#pages.add(page);
    page.once('close', () => this.#pages.delete(page));
    await page.exposeFunction('__jellyWalletConnect', (silent: boolean) => this.#connect(silent));
    await page.exposeFunction('__jellyWalletDisconnect', () => this.#disconnect());
    await page.exposeFunction('__jellyWalletSignMessage', (address: string, message: string) =>
      this.#signMessage(address, message),
    );
    await page.exposeFunction('__jellyWalletSignTransaction', (address: string, transaction: string) =>
      this.#signTransaction(address, transaction),
    );
    await page.addInitScript({ path: injectedScriptPath });
  }

  /** The next `count` signMessage requests fail as if the user pressed Reject. */
  rejectNextSignMessage(count = 1): void {
    this.#rejectSignMessages += count;
  }

  /** The next `count` signTransaction requests fail as if the user pressed Reject. */
  rejectNextSignTransaction(count = 1): void {
    this.#rejectSignTransactions += count;
  }

  /** Selects another account in the wallet; a connected page receives a 'change' event. */
  async switchAccount(key: TestKeypair): Promise<void> {
    if (!this.#keys.includes(key)) throw new Error(`TestWallet does not hold ${key.label}`);
    this.#active = key;
    if (this.#connected) await this.#pushAccounts([this.#pageAccount(key)]);
  }

  #pageAccount(key: TestKeypair): PageAccount {
    return { address: key.address, publicKey: Array.from(key.publicKey) };
  }

  async #pushAccounts(accounts: PageAccount[]): Promise<void> {
    await Promise.all(
      [...this.#pages].map((page) =>
        page
          .evaluate((list) => {
            const control = (window as unknown as { __jellyTestWalletControl?: { setAccounts(l: unknown): void } })
              .__jellyTestWalletControl;
            control?.setAccounts(list);
          }, accounts)
          .catch((error: unknown) => {
            if (!page.isClosed()) throw error;
          }),
      ),
    );
  }

  #connect(silent: boolean): Reply<PageAccount[]> {
    if (silent && !this.#authorized) return { ok: true, value: [] };
    this.#authorized = true;
    this.#connected = true;
    return { ok: true, value: [this.#pageAccount(this.#active)] };
  }

  #disconnect(): Reply<null> {
    this.#connected = false;
    return { ok: true, value: null };
  }

  #signer(address: string): TestKeypair | string {
    if (!this.#connected) return 'Jelly Test Wallet is not connected';
    if (address !== this.#active.address) return `Jelly Test Wallet: ${address} is not the selected account`;
    return this.#active;
  }

  #signMessage(address: string, messageBase64: string): Reply<string> {
    const message = Buffer.from(messageBase64, 'base64');
    const rejected = this.#rejectSignMessages > 0;
    this.signMessageRequests.push({ address, text: message.toString('utf8'), rejected });
    if (rejected) {
      this.#rejectSignMessages -= 1;
      return { ok: false, ...USER_REJECTED };
    }
    const signer = this.#signer(address);
    if (typeof signer === 'string') return { ok: false, code: -32603, message: signer };
    return { ok: true, value: Buffer.from(signer.sign(message)).toString('base64') };
  }

  /** Adds this account's signature to a (possibly partially signed) legacy or v0 transaction. */
  #signTransaction(address: string, transactionBase64: string): Reply<string> {
    const rejected = this.#rejectSignTransactions > 0;
    this.signTransactionRequests.push({ address, rejected });
    if (rejected) {
      this.#rejectSignTransactions -= 1;
      return { ok: false, ...USER_REJECTED };
    }
    const signer = this.#signer(address);
    if (typeof signer === 'string') return { ok: false, code: -32603, message: signer };
    let transaction: VersionedTransaction;
    try {
      transaction = VersionedTransaction.deserialize(Buffer.from(transactionBase64, 'base64'));
    } catch (error) {
      return { ok: false, code: -32602, message: `Invalid transaction: ${(error as Error).message}` };
    }
    const { message } = transaction;
    const signerKeys = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures);
    const index = signerKeys.findIndex((key) => key.toBase58() === signer.address);
    if (index < 0) {
      return { ok: false, code: -32602, message: 'The transaction does not need a signature from this account' };
    }
    transaction.signatures[index] = signer.sign(message.serialize());
    return { ok: true, value: Buffer.from(transaction.serialize()).toString('base64') };
  }
}
