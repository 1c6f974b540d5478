import type { ChatMessage } from '@jelly/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSwap, ME } from '../../features/swap/testing/swapHarness.tsx';
import { applyChatMessage } from '../../lib/realtime/cacheUpdates.ts';
import { fakeApi, json, WALLET_B } from '../../test/fakeApi.ts';
import { connectedWallet } from '../../test/fakeWallet.ts';
import { renderRoutes, signedInStorage } from '../../test/renderApp.tsx';
import { routes } from '../routes.tsx';

function message(id: number, from: string, content: string): ChatMessage {
  return { id, dealId: null, swapId: 7, accountId: from, content, createdAtUtc: '2026-11-25T10:00:00.000Z', clientCreatedAtUtc: null, fileUrl: null };
}

describe('/swap-chat/{id}', () => {
  it('?kind=swap is the chat of swap #id: its own room, its summary, sending to the swap, pushes merged', async () => {
    const api = fakeApi({
      'GET /api/swaps/7': () => json(200, makeSwap({ id: 7, status: 1 })),
      'GET /api/chat/swaps/7/messages': () => json(200, [message(1, ME, 'Where is my SOL?')]),
      'POST /api/chat/swaps/7/messages': (call) => json(201, message(2, ME, (JSON.parse(call.body) as { content: string }).content)),
    });
    const { store } = renderRoutes(routes, '/swap-chat/7?kind=swap', { api, storage: signedInStorage(ME), wallet: connectedWallet(ME) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat for swap #7' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chat for swap #7 · Jelly'));
    expect(await screen.findByTestId('swap-summary')).toHaveTextContent('25.00 USDT → 0.1523 SOL · Completed');
    const chat = await screen.findByRole('region', { name: 'Swap chat' });
    expect(await within(chat).findByText('Where is my SOL?')).toBeInTheDocument();
    // A deal with the same number is another room: never asked for.
    expect(api.callsTo('GET /api/chat/rooms/7/messages')).toHaveLength(0);

    await userEvent.type(within(chat).getByRole('textbox', { name: /message/i }), 'Thanks{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/chat/swaps/7/messages')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST /api/chat/swaps/7/messages')[0]!.body)).toMatchObject({ accountId: ME, content: 'Thanks' });
    expect(await within(chat).findByText('Thanks')).toBeInTheDocument();

    // The desk answers: the socket's chat.message for the swap's room lands in the open chat.
    act(() => applyChatMessage(store.dispatch, { type: 'chat.message', dealId: null, swapId: 7, message: message(3, WALLET_B, 'Landed, see the txID') }));
    expect(await within(chat).findByText('Landed, see the txID')).toBeInTheDocument();
  });

  it('without ?kind=swap the address is a deal', async () => {
    const api = fakeApi({ 'GET /api/orders/42': () => json(404, { error: { code: 'NOT_FOUND', message: 'Order not found' } }) });
    renderRoutes(routes, '/swap-chat/42', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deal #42' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/swaps/42')).toHaveLength(0);
  });
});
