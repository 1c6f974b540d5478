import { describe, expect, it } from 'vitest';
import { testStore } from '../../test/renderApp.tsx';
import { applyChatMessage } from './cacheUpdates.ts';

describe('a chat message pushed before any chat screen was loaded', () => {
  it('changes nothing and does not throw (the chat endpoint is injected lazily with its screen)', () => {
    const { store } = testStore();
    const before = store.getState().api;
    expect(() =>
      applyChatMessage(store.dispatch, {
        type: 'chat.message',
        dealId: 7,
        message: {
          id: 1,
          dealId: 7,
          accountId: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
          content: 'hi',
          createdAtUtc: '2030-01-01T00:00:00.000Z',
          clientCreatedAtUtc: null,
          fileUrl: null,
        },
      }),
    ).not.toThrow();
    expect(store.getState().api).toBe(before);
  });
});
