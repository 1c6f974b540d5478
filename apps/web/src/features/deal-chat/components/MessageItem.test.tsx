import type { ChatMessage } from '@jelly/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WALLET_A } from '../../../test/fakeApi.ts';
import { MessageItem } from './MessageItem.tsx';

const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1,
  dealId: 7,
  accountId: WALLET_A,
  content: 'Asked for 30 more minutes on the payment window.',
  createdAtUtc: '2026-11-21T10:00:00.000Z',
  clientCreatedAtUtc: null,
  fileUrl: null,
  ...over,
});

describe('a chat message', () => {
  it("shows the deal's record of a party's act as a system message, in that party's name", () => {
    render(
      <ul>
        <MessageItem message={message({ kind: 'system' })} myWallet={null} />
        <MessageItem message={message({ id: 2, content: 'hello' })} myWallet={WALLET_A} />
      </ul>,
    );
    const [system, user] = screen.getAllByTestId('chat-message');
    expect(system).toHaveAttribute('data-kind', 'system');
    expect(system).toHaveTextContent('Asked for 30 more minutes on the payment window.');
    expect(user).toHaveAttribute('data-kind', 'user');
    expect(user).toHaveAttribute('data-sender', 'self');
  });
});
