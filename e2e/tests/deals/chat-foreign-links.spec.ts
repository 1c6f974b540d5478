import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { chatMessages, dealChat } from '../../fixtures/deals/screens.ts';
import { claimThroughApi } from '../../fixtures/telegram/notifications.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(90_000);

/** A host outside Jelly that counts every request it receives (what a counterparty's server would log). */
async function countingHost(): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

/**
 * Bob writes a link to an image on his own server in the deal chat. Opening the chat makes no request to his host
 * from either browser (it would hand over the reader's IP address); the URL is a link Alice may choose to follow.
 */
test('opening a chat with a foreign image URL makes no request to that host; the link opens it on request', async ({ openParty, request }) => {
  const host = await countingHost();
  try {
    const alice = await openParty('alice');
    const bob = await openParty('bob', { fund: false });
    const offer = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.92', fiatCode: 'EUR' });
    const dealId = await claimThroughApi(bob.api, offer.offerId, '40');
    const receipt = `${host.origin}/receipt.png`;

    const toHost: string[] = [];
    for (const page of [alice.page, bob.page]) {
      page.on('request', (r) => {
        if (r.url().startsWith(host.origin)) toHost.push(r.url());
      });
    }

    await bob.signInInBrowser();
    await bob.page.goto(pagePaths.deal(dealId));
    const box = dealChat(bob.page).getByRole('textbox', { name: 'Message' });
    await box.fill(`Paid, receipt ${receipt}`);
    await box.press('Enter');
    // Matched by its plain words: the URL's rendering is what is under test.
    await expect(chatMessages(bob.page).filter({ hasText: 'Paid, receipt' })).toHaveCount(1);

    await alice.signInInBrowser();
    await alice.page.goto(pagePaths.deal(dealId));
    const item = chatMessages(alice.page).filter({ hasText: 'Paid, receipt' });
    await expect(item).toHaveCount(1);
    await alice.page.waitForLoadState('load');
    for (const page of [alice.page, bob.page]) {
      const embedded = await page.evaluate(
        (origin) =>
          [...document.querySelectorAll<HTMLElement>('img, video, audio, source, iframe, object, embed')]
            .map((el) => el.getAttribute('src') ?? el.getAttribute('data') ?? '')
            .filter((src) => src.startsWith(origin)),
        host.origin,
      );
      expect(embedded, 'nothing from the foreign host is embedded').toEqual([]);
    }
    expect(toHost, 'no request from the browsers to the foreign host').toEqual([]);
    expect(host.hits, 'the foreign host saw no request').toEqual([]);

    const link = item.getByRole('link', { name: `${receipt} (opens outside Jelly)` });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(link).toHaveAttribute('target', '_blank');
    const opened = alice.context.waitForEvent('page');
    await link.click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(host.hits).toContain('/receipt.png');
    await tab.close();
  } finally {
    await new Promise<void>((resolve) => host.server.close(() => resolve()));
  }
});
