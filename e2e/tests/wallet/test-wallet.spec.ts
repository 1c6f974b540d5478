import { ed25519 } from '@noble/curves/ed25519.js';
import {
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.ts';
import { testKeys } from '../../wallet/keys.ts';
import { TestWallet, USER_REJECTED } from '../../wallet/test-wallet.ts';

// Self-tests of 'Jelly Test Wallet' on a blank page of its own, so a failure here points at the
// wallet and not at the app. The app-facing half of the Wallet Standard protocol is played by
// page.evaluate, exactly as @wallet-standard/app does it.

const blankOrigin = 'http://wallet-selftest.invalid';

async function openBlankPage(page: Page): Promise<void> {
  await page.route(`${blankOrigin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>wallet self-test</title>' }),
  );
  await page.goto(`${blankOrigin}/`);
}

interface WalletSummary {
  name: string;
  icon: string;
  version: string;
  chains: string[];
  features: string[];
}

/** Announces an app (wallet-standard:app-ready) and keeps what registers as window.__wallets. */
function discoverAfterLoad(page: Page): Promise<WalletSummary[]> {
  return page.evaluate(() => {
    const found: Array<Record<string, unknown>> = [];
    const api = {
      register: (...wallets: Array<Record<string, unknown>>) => {
        found.push(...wallets);
        return () => {};
      },
    };
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
    (window as unknown as { __wallets: unknown }).__wallets = found;
    return found.map((w) => ({
      name: w.name as string,
      icon: w.icon as string,
      version: w.version as string,
      chains: [...(w.chains as string[])],
      features: Object.keys(w.features as object),
    }));
  });
}

/** The slice of a Wallet Standard wallet these tests drive from inside the page. */
interface PageAccount {
  address: string;
  publicKey: Uint8Array;
}
interface PageWallet {
  accounts: PageAccount[];
  features: {
    'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: PageAccount[] }> };
    'standard:events': { on(event: 'change', listener: (p: { accounts: PageAccount[] }) => void): () => void };
    'solana:signMessage': {
      signMessage(...inputs: Array<{ account: unknown; message: Uint8Array }>): Promise<Array<{ signature: Uint8Array }>>;
    };
    'solana:signTransaction': {
      signTransaction(
        ...inputs: Array<{ account: unknown; transaction: Uint8Array }>
      ): Promise<Array<{ signedTransaction: Uint8Array }>>;
    };
  };
}
type PageGlobals = { __wallets: PageWallet[]; __seen: string[][]; __oldAccount: unknown; __earlyNames: string[] };

test.describe('Jelly Test Wallet', () => {
  test('registers through both halves of the Wallet Standard protocol', async ({ page }) => {
    // An app that is already listening when the wallet loads receives a register-wallet event…
    await page.addInitScript(() => {
      const names: string[] = [];
      window.addEventListener('wallet-standard:register-wallet', (event) => {
        (event as unknown as { detail: (api: unknown) => void }).detail({
          register: (wallet: { name: string }) => names.push(wallet.name),
        });
      });
      (window as unknown as PageGlobals).__earlyNames = names;
    });
    const wallet = new TestWallet([testKeys.alice]);
    await wallet.install(page);
    await openBlankPage(page);
    expect(await page.evaluate(() => (window as unknown as PageGlobals).__earlyNames)).toEqual(['Jelly Test Wallet']);

    // …and an app that starts later announces itself with app-ready and still finds it.
    const [summary, ...others] = await discoverAfterLoad(page);
    expect(others).toHaveLength(0);
    expect(summary?.name).toBe('Jelly Test Wallet');
    expect(summary?.version).toBe('1.0.0');
    expect(summary?.icon).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    expect(summary?.chains).toEqual(['solana:localnet', 'solana:devnet', 'solana:mainnet']);
    expect(summary?.features).toEqual(
      expect.arrayContaining([
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
      ]),
    );
  });

  test.describe('in a page', () => {
    test.beforeEach(async ({ page, wallet: _installed }) => {
      await openBlankPage(page);
      await discoverAfterLoad(page);
    });

    test('a silent connect finds no account until the user has approved the site once', async ({ page, wallet }) => {
      const silentConnect = () =>
        page.evaluate(async () => {
          const w = (window as unknown as PageGlobals).__wallets[0] as PageWallet;
          const { accounts } = await w.features['standard:connect'].connect({ silent: true });
          return accounts.map((a) => a.address);
        });
      expect(await silentConnect()).toEqual([]);
      expect(wallet.connected).toBe(false);

      const approved = await page.evaluate(async () => {
        const w = (window as unknown as PageGlobals).__wallets[0] as PageWallet;
        const { accounts } = await w.features['standard:connect'].connect();
        return accounts.map((a) => ({ address: a.address, key: Array.from(a.publicKey) }));
      });
      expect(approved).toEqual([{ address: testKeys.alice.address, key: Array.from(testKeys.alice.publicKey) }]);
      expect(wallet.connected).toBe(true);

      await page.reload();
      await discoverAfterLoad(page);
      expect(await silentConnect()).toEqual([testKeys.alice.address]);
    });

    test('signMessage returns a real ed25519 signature; a rejection looks like a user rejection', async ({
      page,
      wallet,
    }) => {
      const text = `Sign in to Jelly, self-test ${Date.now()}`;
      const signature = await page.evaluate(async (message) => {
        const w = (window as unknown as PageGlobals).__wallets[0] as PageWallet;
        const { accounts } = await w.features['standard:connect'].connect();
        const [out] = await w.features['solana:signMessage'].signMessage({
          account: accounts[0],
          message: new TextEncoder().encode(message),
        });
        return Array.from(out?.signature ?? []);
      }, text);
      const message = new TextEncoder().encode(text);
      expect(ed25519.verify(Uint8Array.from(signature), message, testKeys.alice.publicKey)).toBe(true);
      expect(ed25519.verify(Uint8Array.from(signature), message, testKeys.bob.publicKey)).toBe(false);

      wallet.rejectNextSignMessage();
      const rejection = await page.evaluate(async () => {
        const w = (window as unknown as PageGlobals).__wallets[0] as PageWallet;
        try {
          await w.features['solana:signMessage'].signMessage({
            account: w.accounts[0],
            message: new TextEncoder().encode('second'),
          });
          return null;
        } catch (error) {
          return { code: (error as { code?: number }).code, message: (error as Error).message };
        }
      });
      expect(rejection).toEqual(USER_REJECTED);
      expect(wallet.signMessageRequests.map((r) => [r.text, r.rejected])).toEqual([
        [text, false],
        ['second', true],
      ]);
    });

    test('signTransaction adds only its own signature to a transaction the admin co-signs', async ({ page }) => {
      const feePayer = new PublicKey(testKeys.admin.publicKey);
      const transfer = SystemProgram.transfer({
        fromPubkey: new PublicKey(testKeys.alice.publicKey),
        toPubkey: new PublicKey(testKeys.bob.publicKey),
        lamports: 1_000,
      });
      const recentBlockhash = PublicKey.default.toBase58();
      const legacy = new Transaction({ feePayer, recentBlockhash }).add(transfer);
      const v0 = new VersionedTransaction(
        new TransactionMessage({ payerKey: feePayer, recentBlockhash, instructions: [transfer] }).compileToV0Message(),
      );
      const unsigned = [
        legacy.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
        Buffer.from(v0.serialize()).toString('base64'),
      ];

      const signed = await page.evaluate(async (inputs) => {
        const w = (window as unknown as PageGlobals).__wallets[0] as PageWallet;
        const { accounts } = await w.features['standard:connect'].connect();
        const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const outputs = await w.features['solana:signTransaction'].signTransaction(
          ...inputs.map((b64) => ({ account: accounts[0], transaction: decode(b64) })),
        );
        return outputs.map((o) => btoa(String.fromCharCode(...o.signedTransaction)));
      }, unsigned);
      expect(signed).toHaveLength(2);

      for (const b64 of signed) {
        const tx = VersionedTransaction.deserialize(Buffer.from(b64, 'base64'));
        const signers = tx.message.staticAccountKeys
          .slice(0, tx.message.header.numRequiredSignatures)
          .map((k) => k.toBase58());
        expect(signers).toEqual([testKeys.admin.address, testKeys.alice.address]);
        const [adminSignature, aliceSignature] = tx.signatures;
        expect(ed25519.verify(aliceSignature as Uint8Array, tx.message.serialize(), testKeys.alice.publicKey)).toBe(
          true,
        );
        // The admin's slot stays empty: the wallet never signs for a key it does not hold.
        expect(Array.from(adminSignature as Uint8Array).every((b) => b === 0)).toBe(true);
      }
    });

    test('switching the account emits change, and the old account can no longer sign', async ({ page, wallet }) => {
      await page.evaluate(async () => {
        const globals = window as unknown as PageGlobals;
        const w = globals.__wallets[0] as PageWallet;
        await w.features['standard:connect'].connect();
        globals.__seen = [];
        w.features['standard:events'].on('change', ({ accounts }) => globals.__seen.push(accounts.map((a) => a.address)));
        globals.__oldAccount = w.accounts[0];
      });

      await wallet.switchAccount(testKeys.bob);

      const state = await page.evaluate(async () => {
        const globals = window as unknown as PageGlobals;
        const w = globals.__wallets[0] as PageWallet;
        let oldAccountError = '';
        try {
          await w.features['solana:signMessage'].signMessage({ account: globals.__oldAccount, message: new Uint8Array(1) });
        } catch (error) {
          oldAccountError = (error as Error).message;
        }
        return { seen: globals.__seen, current: w.accounts.map((a) => a.address), oldAccountError };
      });
      expect(state).toEqual({
        seen: [[testKeys.bob.address]],
        current: [testKeys.bob.address],
        oldAccountError: expect.stringContaining('unknown account'),
      });
      expect(wallet.activeAccount).toBe(testKeys.bob);
    });
  });
});
