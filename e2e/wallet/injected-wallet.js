// @ts-check
// Injected into every page with page.addInitScript: registers 'Jelly Test Wallet' through the
// Wallet Standard window-event protocol. It must stay self-contained plain JS (no imports).
// The page never sees a private key: every request goes to functions the test process exposes
// with page.exposeFunction (see test-wallet.ts), and the test process pushes account changes
// back through window.__jellyTestWalletControl.
(() => {
  /** @type {any} */
  const exposed = window;
  if (exposed.__jellyTestWalletControl) return;

  const NAME = 'Jelly Test Wallet';
  const ICON =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
        '<rect width="64" height="64" rx="14" fill="#7c3aed"/>' +
        '<path d="M18 22h28v24a6 6 0 0 1-6 6H24a6 6 0 0 1-6-6z" fill="#f5f3ff"/>' +
        '<circle cx="40" cy="36" r="4" fill="#7c3aed"/></svg>',
    );
  const CHAINS = ['solana:localnet', 'solana:devnet', 'solana:mainnet'];
  const ACCOUNT_FEATURES = ['solana:signMessage', 'solana:signTransaction'];

  /** @param {Uint8Array} bytes */
  const toBase64 = (bytes) => {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  /** @param {string} base64 */
  const fromBase64 = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

  /** Errors come back from the test process as { code, message }: rebuild wallet-like errors. */
  const unwrap = (/** @type {{ ok: boolean, value?: any, code?: number, message?: string }} */ reply) => {
    if (reply.ok) return reply.value;
    const error = new Error(reply.message || 'Wallet request failed');
    error.name = reply.code === 4001 ? 'WalletSignatureRejected' : 'WalletError';
    Object.assign(error, { code: reply.code });
    throw error;
  };

  /** Account objects are cached by address: the wallet adapter compares them by identity. */
  const accountCache = new Map();
  const toAccount = (/** @type {{ address: string, publicKey: number[] }} */ raw) => {
    let account = accountCache.get(raw.address);
    if (!account) {
      account = Object.freeze({
        address: raw.address,
        publicKey: new Uint8Array(raw.publicKey),
        chains: Object.freeze(CHAINS.slice()),
        features: Object.freeze(ACCOUNT_FEATURES.slice()),
        label: `Test ${raw.address.slice(0, 4)}`,
        icon: ICON,
      });
      accountCache.set(raw.address, account);
    }
    return account;
  };

  /** @type {ReadonlyArray<any>} */
  let accounts = [];
  /** @type {Set<(properties: { accounts: ReadonlyArray<any> }) => void>} */
  const changeListeners = new Set();

  const setAccounts = (/** @type {Array<{ address: string, publicKey: number[] }>} */ list) => {
    const next = list.map(toAccount);
    const same = next.length === accounts.length && next.every((a, i) => a === accounts[i]);
    accounts = next;
    if (same) return;
    for (const listener of changeListeners) listener({ accounts: accounts.slice() });
  };

  const ownAccount = (/** @type {any} */ account) => {
    if (!account || !accounts.includes(account)) throw new Error('Jelly Test Wallet: unknown account');
    return account;
  };

  const wallet = {
    version: '1.0.0',
    name: NAME,
    icon: ICON,
    chains: CHAINS.slice(),
    get accounts() {
      return accounts.slice();
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (/** @type {{ silent?: boolean } | undefined} */ input) => {
          const list = unwrap(await exposed.__jellyWalletConnect(Boolean(input && input.silent)));
          setAccounts(list);
          return { accounts: accounts.slice() };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          unwrap(await exposed.__jellyWalletDisconnect());
          setAccounts([]);
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (/** @type {string} */ event, /** @type {any} */ listener) => {
          if (event !== 'change') return () => {};
          changeListeners.add(listener);
          return () => changeListeners.delete(listener);
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (/** @type {Array<{ account: any, message: Uint8Array }>} */ ...inputs) => {
          const outputs = [];
          for (const input of inputs) {
            const account = ownAccount(input.account);
            const signature = fromBase64(
              unwrap(await exposed.__jellyWalletSignMessage(account.address, toBase64(input.message))),
            );
            outputs.push({ signedMessage: input.message, signature, signatureType: 'ed25519' });
          }
          return outputs;
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (/** @type {Array<{ account: any, transaction: Uint8Array }>} */ ...inputs) => {
          const outputs = [];
          for (const input of inputs) {
            const account = ownAccount(input.account);
            const signed = unwrap(
              await exposed.__jellyWalletSignTransaction(account.address, toBase64(input.transaction)),
            );
            outputs.push({ signedTransaction: fromBase64(signed) });
          }
          return outputs;
        },
      },
    },
  };

  // The Wallet Standard registration protocol (what @wallet-standard/wallet's registerWallet does):
  // announce the wallet now, and again whenever an app says it is ready.
  const register = (/** @type {{ register: (w: any) => unknown }} */ api) => api.register(wallet);
  class RegisterWalletEvent extends Event {
    #detail;
    constructor(/** @type {typeof register} */ callback) {
      super('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false });
      this.#detail = callback;
    }
    get detail() {
      return this.#detail;
    }
    get type() {
      return 'wallet-standard:register-wallet';
    }
  }
  window.addEventListener('wallet-standard:app-ready', (event) => register(/** @type {any} */ (event).detail));
  window.dispatchEvent(new RegisterWalletEvent(register));

  Object.defineProperty(window, '__jellyTestWalletControl', {
    value: Object.freeze({ setAccounts, name: NAME }),
    enumerable: false,
  });
})();
