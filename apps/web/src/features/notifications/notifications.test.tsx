import type { Notification } from '@jelly/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../lib/realtime/fakeSocket.ts';
import { RealtimeBridge } from '../../lib/realtime/RealtimeBridge.tsx';
import { realtimeEventReceived, realtimeStatusChanged } from '../../lib/realtime/realtimeSlice.ts';
import { fakeApi, json, WALLET_A, type RecordedCall } from '../../test/fakeApi.ts';
import { connectedWallet } from '../../test/fakeWallet.ts';
import { eventually, useFakeClock } from '../../test/fakeClock.ts';
import { renderRoutes, signedInStorage } from '../../test/renderApp.tsx';
import { ConnectTelegramItem } from './components/ConnectTelegramItem.tsx';
import { TELEGRAM_NOT_CONFIGURED } from './hooks/useConnectTelegram.ts';
import { NotificationBell } from './components/NotificationBell.tsx';
import { NotificationsListener, UNREAD_FALLBACK_POLL_MS } from './components/NotificationsListener.tsx';
import NotificationsPage from './pages/NotificationsPage.tsx';
import { pageRoutes } from '@jelly/contracts';

// ── fixtures ────────────────────────────────────────────────────────────────
const TOTAL = 23;
const item = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'offer_claimed',
  title: `Title ${id}`,
  message: `Message ${id}`,
  orderId: 100 + id,
  createdAt: new Date(Date.UTC(2030, 0, 1, 12, id)).toISOString(),
  isRead: id % 5 === 0,
  readAt: id % 5 === 0 ? '2030-01-01T00:00:00.000Z' : null,
  ...overrides,
});

function server(options: { unread?: number; failPage?: number; total?: number; hold?: Promise<void> } = {}) {
  const total = options.total ?? TOTAL;
  let unread = options.unread ?? 4;
  const api = fakeApi({
    'GET /api/Notification': async (call: RecordedCall) => {
      await options.hold;
      const page = Number(new URL(call.url).searchParams.get('Page'));
      if (page === options.failPage) return json(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } });
      const ids = Array.from({ length: total }, (_, i) => total - i).slice((page - 1) * 10, page * 10);
      return json(200, { data: ids.map((id) => item(id)), total, page, size: 10 });
    },
    'GET /api/Notification/unread-count': () => json(200, { count: unread }),
  });
  api.on('PUT /api/Notification/23/read', () => {
    unread -= 1;
    return json(200, item(23, { isRead: true, readAt: new Date().toISOString() }));
  });
  return { api, setUnread: (n: number) => (unread = n) };
}

const routes = [
  {
    path: '/',
    element: (
      <>
        <NotificationBell />
        <NotificationsListener />
        <ConnectTelegramItem className="item" onDone={() => {}} />
      </>
    ),
  },
  { path: '/notifications', element: <NotificationsPage /> },
  { path: `/${pageRoutes.deal}`, element: <p>deal page</p> },
];

// ── layout and visibility stand-ins (jsdom has neither) ─────────────────────
const ITEM_HEIGHT = 70;
const VIEW_HEIGHT = 450;
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** The browser reports how much of `element` is visible inside the root. */
  static show(element: Element, ratio: number) {
    for (const observer of FakeIntersectionObserver.instances) {
      if (!observer.observed.has(element)) continue;
      observer.callback(
        [{ target: element, intersectionRatio: ratio, isIntersecting: ratio > 0 } as unknown as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.querySelectorAll('[data-testid="notification-item"]').length * ITEM_HEIGHT;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'notifications-scroll' ? VIEW_HEIGHT : 0;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

const pagesRequested = (api: ReturnType<typeof fakeApi>) =>
  api.callsTo('GET /api/Notification').map((c) => Number(new URL(c.url).searchParams.get('Page')));

describe('the bell', () => {
  it('shows the unread count with the "unread" icon, and the plain bell at 0', async () => {
    const { api, setUnread } = server({ unread: 4 });
    const { store } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    const bell = await screen.findByRole('button', { name: 'Notifications (4 unread)' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('4');
    expect(within(bell).getByTestId('bell-icon-unread')).toBeInTheDocument();
    setUnread(0);
    await act(() => store.dispatch({ type: 'notifications/refreshUnreadCount/fulfilled', payload: 0 }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-icon')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });

  it('past 99 says in its name the "99+" its badge shows, so the name holds the visible text', async () => {
    const { api } = server({ unread: 120 });
    renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    const bell = await screen.findByRole('button', { name: 'Notifications (99+ unread)' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('99+');
  });

  it('does not call the notification endpoints without a token', async () => {
    const { api } = server();
    renderRoutes(routes, '/', { api: api });
    await screen.findByRole('button', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(api.calls.filter((c) => c.path.startsWith('/api/Notification'))).toEqual([]);
  });
});

describe('the panel', () => {
  it('loads 10 at a time while scrolled within 10px of the end, until a page is short', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const { api } = server({ hold: new Promise<void>((resolve) => (release = resolve)) });
    renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getAllByTestId('notification-skeleton')).toHaveLength(3);
    expect(within(panel).getByTestId('notifications-scroll')).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(10));
    expect(within(panel).queryByTestId('notification-skeleton')).not.toBeInTheDocument();
    const first = within(panel).getAllByTestId('notification-item')[0] as HTMLElement;
    expect(first).toHaveTextContent('Title 23');
    expect(first).toHaveTextContent('Message 23');
    expect(within(first).getByRole('time')).toHaveAttribute('dateTime', item(23).createdAt);

    const scroller = within(panel).getByTestId('notifications-scroll');
    // 10 items = 700px in a 450px view: 250px from the end is not "near".
    scroller.scrollTop = 239;
    fireEvent.scroll(scroller);
    expect(pagesRequested(api)).toEqual([1]);
    scroller.scrollTop = 240;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(20));
    scroller.scrollTop = 20 * ITEM_HEIGHT - VIEW_HEIGHT;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(23));
    // Page 3 had 3 items: no more pages.
    fireEvent.scroll(scroller);
    expect(pagesRequested(api)).toEqual([1, 2, 3]);
  });

  it('highlights unread items and marks one read once ≥ 60% of it stayed visible for 2 s; the count never goes below 0', async () => {
    useFakeClock();
    try {
      const { api } = server({ unread: 1 });
      const { store } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
      fireEvent.click(await eventually(() => screen.getByRole('button', { name: 'Notifications (1 unread)' })));
      const panel = screen.getByRole('dialog', { name: 'Notifications' });
      await eventually(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(10));
      const items = within(panel).getAllByTestId('notification-item');
      const [newest] = items as [HTMLElement];
      expect(newest).toHaveAttribute('data-unread', 'true');
      expect(items.find((el) => el.dataset.notificationId === '20')).toHaveAttribute('data-unread', 'false');
      const observer = FakeIntersectionObserver.instances.at(-1);
      expect(observer?.options.threshold).toBe(0.6);
      expect(observer?.options.root).toBe(within(panel).getByTestId('notifications-scroll'));

      act(() => FakeIntersectionObserver.show(newest, 0.59));
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(api.callsTo('PUT /api/Notification/23/read')).toHaveLength(0);
      // scrolled past: in view for 1.9 s, then out, then back: the wait starts over
      act(() => FakeIntersectionObserver.show(newest, 0.6));
      await act(() => vi.advanceTimersByTimeAsync(1900));
      act(() => FakeIntersectionObserver.show(newest, 0.2));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      act(() => FakeIntersectionObserver.show(newest, 0.6));
      await act(() => vi.advanceTimersByTimeAsync(1900));
      expect(api.callsTo('PUT /api/Notification/23/read')).toHaveLength(0);
      expect(newest).toHaveAttribute('data-unread', 'true');
      await act(() => vi.advanceTimersByTimeAsync(100));
      await eventually(() => expect(api.callsTo('PUT /api/Notification/23/read')).toHaveLength(1));
      await eventually(() => expect(newest).toHaveAttribute('data-unread', 'false'));
      expect(store.getState().notifications.unreadCount).toBe(0);
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

      // Another unread one with the count already at 0: stays 0; a failing PUT is swallowed.
      const other = items[1] as HTMLElement;
      act(() => FakeIntersectionObserver.show(other, 1));
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await eventually(() => expect(api.callsTo('PUT /api/Notification/22/read')).toHaveLength(1));
      expect(store.getState().notifications.unreadCount).toBe(0);
      await eventually(() => expect(other).toHaveAttribute('data-unread', 'false'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('closing resets the list but keeps the count, then refetches the count', async () => {
    const user = userEvent.setup();
    const { api, setUnread } = server({ unread: 4 });
    const { store } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    const bell = await screen.findByRole('button', { name: 'Notifications (4 unread)' });
    await user.click(bell);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(10));
    const countCalls = api.callsTo('GET /api/Notification/unread-count').length;
    setUnread(6);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().notifications).toMatchObject({ list: [], page: 1, hasMore: true });
    await waitFor(() => expect(api.callsTo('GET /api/Notification/unread-count')).toHaveLength(countCalls + 1));
    expect(await screen.findByRole('button', { name: 'Notifications (6 unread)' })).toBe(bell);
    // Opening again starts from page 1.
    await user.click(bell);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(10));
    expect(pagesRequested(api)).toEqual([1, 1]);
  });

  it("shows 'No notifications' when there are none, and stops paging after a failed fetch", async () => {
    const user = userEvent.setup();
    const { api } = server({ total: 0, unread: 0 });
    renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();

    const failing = server({ failPage: 1 });
    const second = renderRoutes(routes, '/', { api: failing.api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    await user.click(await within(second.container).findByRole('button', { name: /Notifications/ }));
    expect(await within(second.container).findByText('No notifications')).toBeInTheDocument();
    expect(second.store.getState().notifications.hasMore).toBe(false);
  });

  it('opens the deal of a chosen notification', async () => {
    const user = userEvent.setup();
    const { api } = server();
    const { router } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('button', { name: /Title 21/ }));
    expect(router.state.location.pathname).toBe('/swap-chat/121');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('pushed notifications', () => {
  it('a pushed notification goes on top of the open list, adds to the count and shows a toast', async () => {
    const user = userEvent.setup();
    const { api } = server({ unread: 4 });
    const { store } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    await user.click(await screen.findByRole('button', { name: 'Notifications (4 unread)' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(10));
    const pushed = item(24, { title: 'Escrow locked', message: '40.00 USDC are locked' });
    act(() => {
      store.dispatch(realtimeEventReceived({ type: 'notification.created', notification: pushed }));
      store.dispatch(realtimeEventReceived({ type: 'notification.created', notification: pushed }));
    });
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('Escrow locked');
    expect(screen.getAllByTestId('notification-item')).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'Notifications (5 unread)' })).toBeInTheDocument();
  });

  it('through the realtime socket: authenticated with the token, pushed notification → count and toast', async () => {
    const storage = signedInStorage(WALLET_A);
    const { api } = server({ unread: 0 });
    FakeSocket.created = [];
    const { store } = renderRoutes(
      [{ path: '/', element: (<><NotificationBell /><NotificationsListener /><RealtimeBridge createSocket={FakeSocket.factory} /></>) }],
      '/',
      { api: api, storage, wallet: connectedWallet(WALLET_A) },
    );
    await waitFor(() => expect(FakeSocket.created).toHaveLength(1));
    // The count loaded at start (0) is in before anything is pushed.
    await waitFor(() => expect(api.callsTo('GET /api/Notification/unread-count')).toHaveLength(1));
    await act(async () => {});
    const socket = FakeSocket.latest();
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'auth', token: storage.getItem('accessToken') }]);
    act(() => socket.push({ type: 'ready', wallet: WALLET_A, expiresAt: new Date(Date.now() + 600_000).toISOString() }));
    expect(store.getState().realtime.status).toBe('open');
    const pushed = item(31, { title: 'Offer claimed', message: 'Bob claimed 40.00 USDC for 36.80 EUR' });
    act(() => socket.push({ type: 'notification.created', notification: pushed }));
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    expect(store.getState().toasts.items).toEqual([
      expect.objectContaining({ kind: 'notification', title: 'Offer claimed', message: 'Bob claimed 40.00 USDC for 36.80 EUR', createdAt: pushed.createdAt }),
    ]);
  });

  it('polls the unread count only while the socket is down (and once after it reconnects)', async () => {
    useFakeClock();
    try {
      const { api } = server({ unread: 2 });
      const { store } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
      await eventually(() => screen.getByRole('button', { name: 'Notifications (2 unread)' }));
      const calls = () => api.callsTo('GET /api/Notification/unread-count').length;
      const initial = calls();
      // The socket opens: one catch-up poll, then none while it stays open.
      await act(() => vi.advanceTimersByTimeAsync(1));
      act(() => store.dispatch(realtimeStatusChanged({ status: 'open', at: Date.now() })));
      await act(() => vi.advanceTimersByTimeAsync(UNREAD_FALLBACK_POLL_MS * 3));
      expect(calls()).toBe(initial + 1);
      act(() => store.dispatch(realtimeStatusChanged({ status: 'down', at: Date.now() })));
      await act(() => vi.advanceTimersByTimeAsync(UNREAD_FALLBACK_POLL_MS * 2));
      expect(calls()).toBe(initial + 3);
      act(() => store.dispatch(realtimeStatusChanged({ status: 'open', at: Date.now() })));
      await act(() => vi.advanceTimersByTimeAsync(UNREAD_FALLBACK_POLL_MS * 3));
      expect(calls()).toBe(initial + 4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Connect Telegram', () => {
  it('gets a code, opens the bot with ?start=<code> in a new tab, polls until linked, then shows Connected (disabled)', async () => {
    useFakeClock();
    try {
      let linked = false;
      const { api } = server();
      api.on(`GET /api/platform/has-telegram/${WALLET_A}`, () => json(200, linked));
      api.on('GET /api/platform/telegram-code', () =>
        json(200, { code: 'A1b2C3d4E5f6G7h8I9j0K1l2', expiresAt: new Date(Date.now() + 600_000).toISOString(), botUsername: 'jelly_bot' }),
      );
      const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
      const open = vi.fn(() => tab as unknown as Window);
      vi.stubGlobal('open', open);
      renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
      const item = await eventually(() => screen.getByRole('menuitem', { name: 'Connect Telegram' }));
      await eventually(() => expect(api.callsTo(`GET /api/platform/has-telegram/${WALLET_A}`)).toHaveLength(1));
      fireEvent.click(item);
      expect(open).toHaveBeenCalledWith('', '_blank');
      await eventually(() => expect(tab.location.href).toBe('https://t.me/jelly_bot?start=A1b2C3d4E5f6G7h8I9j0K1l2'));
      expect(tab.opener).toBeNull();
      expect(new URL(api.callsTo('GET /api/platform/telegram-code')[0]?.url ?? '').searchParams.get('wallet')).toBe(WALLET_A);

      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(api.callsTo(`GET /api/platform/has-telegram/${WALLET_A}`)).toHaveLength(2);
      expect(screen.getByRole('menuitem', { name: 'Connect Telegram' })).toBeEnabled();
      linked = true;
      await act(() => vi.advanceTimersByTimeAsync(3000));
      const connected = await eventually(() => screen.getByRole('menuitem', { name: 'Connected' }));
      expect(connected).toBeDisabled();
      const polls = api.callsTo(`GET /api/platform/has-telegram/${WALLET_A}`).length;
      await act(() => vi.advanceTimersByTimeAsync(9000));
      expect(api.callsTo(`GET /api/platform/has-telegram/${WALLET_A}`)).toHaveLength(polls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is disabled with the reason, and opens nothing, when the server names no bot', async () => {
    const { api } = server();
    api.on('GET /api/platform/config', () =>
      json(200, { solanaRpcUrl: null, solanaWsUrl: null, cluster: 'localnet', ipLookupUrl: null, supportEmail: '', supportChatUrl: '', telegramBotUsername: null, escrowProgramId: null, feePayer: null, testFunds: true }),
    );
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderRoutes(routes, '/', { api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    const item = await eventually(() => {
      const found = screen.getByRole('menuitem', { name: 'Connect Telegram' });
      expect(found).toBeDisabled();
      return found;
    });
    expect(item).toHaveAccessibleDescription(TELEGRAM_NOT_CONFIGURED);
    fireEvent.click(item);
    expect(open).not.toHaveBeenCalled();
    expect(api.callsTo('GET /api/platform/telegram-code')).toHaveLength(0);
  });

  it('closes the blank tab and shows the error when no code can be had', async () => {
    const { api } = server();
    api.on('GET /api/platform/telegram-code', () =>
      json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Telegram notifications are not configured on this server.' } }),
    );
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    const { store } = renderRoutes(routes, '/', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Connect Telegram' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(store.getState().toasts.items.map((t) => t.message)).toEqual(['Error: Telegram notifications are not configured on this server.']);
  });
});

describe('/notifications', () => {
  it('lists the same way on a full page, and resets when left', async () => {
    const { api } = server();
    const { store, router } = renderRoutes(routes, '/notifications', { api: api, storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(10));
    await act(() => router.navigate('/swap-chat/1'));
    expect(store.getState().notifications.list).toEqual([]);
  });
});
