import { PublicKey } from '@solana/web3.js';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { associatedTokenAddress, closeOwnTokenAccount } from '../../fixtures/deals/chain.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { confirmAction, expectDealStatus, lockDeal } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

/** The shortest payment window POST /orders/create-order accepts. */
const WINDOW_MINUTES = 1;
// One minute of payment window, then the server's payment-window job (every 2 s in this suite).
test.setTimeout(240_000);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test('a seller who closed their token account receives the payment-window refund with the one button', async ({ openParty, chain, request }) => {
      const alice = await openParty('alice');
      const bob = await openParty('bob');
      const { offerId, coin } = await createOfferThroughApi(request, alice.api, {
        side: 0,
        amount: '20',
        price: '0.97',
        fiatCode: 'EUR',
        paymentWindowMinutes: WINDOW_MINUTES,
      });
      const locked = toBaseUnits('20', coin.decimals);
      const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: locked.toString() });
      // signed in at the default size (the account menu is what sign-in checks), then the deal at this width
      await alice.signInInBrowser();
      await alice.page.setViewportSize(viewport);
      await alice.page.goto(pagePaths.deal(dealId));
      await lockDeal(alice.page);
      expect(await chain.vaultBalance(offerId)).toBe(locked);

      // Alice tidies her wallet: her USDC account is gone, so the refund has nowhere to land.
      const mint = new PublicKey(coin.mint);
      await closeOwnTokenAccount(chain, alice.key, mint);
      expect(await chain.connection.getAccountInfo(associatedTokenAddress(mint, new PublicKey(alice.address)), 'confirmed')).toBeNull();

      // The window ends, nobody paid: the refund waits, and Alice reads it at the top of the deal.
      const banner = alice.page.getByTestId('payout-wait');
      await expect(banner.getByRole('heading', { name: 'Your refund is waiting — receive it' })).toBeVisible({ timeout: (WINDOW_MINUTES * 60 + 45) * 1000 });
      await expectDealStatus(alice.page, 'Locked');
      expect((await alice.api.order(dealId)).waitingForAccount).toMatchObject({ recipient: 'seller', mint: coin.mint });

      // Bob reads that it waits for the other party, with nothing to press.
      await bob.signInInBrowser();
      await bob.page.setViewportSize(viewport);
      await bob.page.goto(pagePaths.deal(dealId));
      const bobsNote = bob.page.getByTestId('payout-wait');
      await expect(bobsNote).toContainText('The refund waits in escrow for the seller to open their USDC account');
      await expect(bobsNote.getByRole('button')).toHaveCount(0);

      // One button: Alice's wallet opens her account (she pays the rent), and the refund follows.
      const signaturesBefore = alice.wallet.signTransactionRequests.length;
      await expect(banner.getByRole('button', { name: 'Receive' })).toBeInViewport();
      await banner.getByRole('button', { name: 'Receive' }).click();
      await confirmAction(alice.page, 'Receive your refund?', 'Receive');
      await expectDealStatus(alice.page, 'Expired');
      await expect(banner).toHaveCount(0);
      expect(alice.wallet.signTransactionRequests.length - signaturesBefore).toBe(1);
      expect(await chain.tokenBalance(alice.address, coin.mint)).toBe(locked);
      expect(await chain.vaultBalance(offerId)).toBe(0n);
      const deal = await alice.api.order(dealId);
      expect(deal.status).toBe(7);
      expect(deal.waitingForAccount).toBeNull();
      await expectDealStatus(bob.page, 'Expired');
      await expect(bobsNote).toHaveCount(0);
    });
  });
}
