import type { ChatMessage } from '@jelly/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../../test/helpers/chat-deals.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { chatMessages } from '../../db/schema/index.ts';
import { buyOfferBody, createOrder, sellerDetails, session, type Session } from '../orders/testing.ts';
import { postAutoReply } from './chat-writes.ts';

describe("the offer's auto reply", () => {
  let t: TestApp;
  let maker: Session;

  beforeAll(async () => {
    t = await createTestApp();
    maker = await session(t.app, createWallet());
  });
  afterAll(async () => {
    await t.close();
  });

  const messages = async (s: Session, dealId: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/chat/rooms/${dealId}/messages`, headers: s.headers });
    expect(response.statusCode).toBe(200);
    return response.json<ChatMessage[]>();
  };
  const claim = (s: Session, offerId: number) => createOrder(t.app, s, { parentOrderId: offerId, amount: '20000000', ...sellerDetails() });

  it("is the creator's first chat message of a new deal, at the deal's start", async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ autoReply: '  Hi! I pay within 5 minutes of your lock.  ' }));
    const taker = await session(t.app, createWallet());
    const dealId = await claim(taker, offerId);

    const chat = await messages(taker, dealId);
    expect(chat).toEqual([
      expect.objectContaining({
        dealId,
        accountId: maker.wallet.address,
        content: 'Hi! I pay within 5 minutes of your lock.',
        createdAtUtc: t.clock.now().toISOString(),
        fileUrl: null,
      }),
    ]);
    // the claimer's own first message comes after it
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/add-messages',
      headers: taker.headers,
      payload: { dealId, accountId: taker.wallet.address, content: 'Thanks', createdAtUtc: t.clock.now().toISOString() },
    });
    expect(sent.statusCode).toBe(201);
    expect((await messages(maker, dealId)).map((m) => m.content)).toEqual(['Hi! I pay within 5 minutes of your lock.', 'Thanks']);
  });

  it('posts nothing for an offer without one', async () => {
    for (const autoReply of [undefined, '', '   \n ']) {
      const offerId = await createOrder(t.app, maker, buyOfferBody(autoReply === undefined ? {} : { autoReply }));
      const dealId = await claim(await session(t.app, createWallet()), offerId);
      expect(await messages(maker, dealId)).toEqual([]);
    }
  });

  it('is posted exactly once per deal when claims run at the same time', async () => {
    const offerId = await createOrder(t.app, maker, buyOfferBody({ autoReply: 'Welcome' }));
    const takers = await Promise.all([1, 2, 3, 4].map(() => session(t.app, createWallet())));
    const dealIds = await Promise.all(takers.map((taker) => claim(taker, offerId)));
    for (const dealId of dealIds) {
      const rows = await t.app.db.select().from(chatMessages).where(eq(chatMessages.dealId, dealId));
      expect(rows.map((r) => [r.senderWallet, r.content, r.autoReply])).toEqual([[maker.wallet.address, 'Welcome', true]]);
    }
  });

  it('stays one message however many writers post it for the same deal at once', async () => {
    const { dealId } = await insertDeal(t.app.db, { creator: maker.wallet.address, acceptor: createWallet().address });
    const reply = { dealId, creatorWallet: maker.wallet.address, content: 'Welcome', createdAt: t.clock.now() };
    await Promise.all(Array.from({ length: 6 }, () => t.app.db.transaction((tx) => postAutoReply(tx, reply))));
    await postAutoReply(t.app.db, reply);
    const rows = await t.app.db.select().from(chatMessages).where(eq(chatMessages.dealId, dealId));
    expect(rows).toHaveLength(1);
  });
});
