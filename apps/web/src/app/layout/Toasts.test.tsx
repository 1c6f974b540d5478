import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../lib/toasts/toastsSlice.ts';
import { renderWithStore } from '../../test/renderApp.tsx';
import { Toasts } from './Toasts.tsx';

describe('Toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['default', showToast.info('Saved draft'), 3000, 'status'],
    ['success', showToast.success('Order locked'), 3000, 'status'],
    ['error', showToast.error('Failed to lock order.'), 4000, 'alert'],
  ] as const)('a %s toast stays %i ms with role=%s', (_kind, action, duration, role) => {
    const { store } = renderWithStore(<Toasts />);
    act(() => void store.dispatch(action));
    expect(screen.getByRole(role)).toHaveTextContent(action.payload.message);

    act(() => vi.advanceTimersByTime(duration - 1));
    expect(screen.queryByRole(role)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole(role)).not.toBeInTheDocument();
    expect(store.getState().toasts.items).toHaveLength(0);
  });

  it('dismisses on click', () => {
    const { store } = renderWithStore(<Toasts />);
    act(() => void store.dispatch(showToast.success('Ticket signed')));
    fireEvent.click(screen.getByRole('status'));
    expect(screen.queryByText('Ticket signed')).not.toBeInTheDocument();
  });

  it('dismisses on a swipe over 100px, but not on a shorter one (which is not a click either)', () => {
    const { store } = renderWithStore(<Toasts />);
    act(() => void store.dispatch(showToast.error('Resolve failed.')));
    const toast = screen.getByRole('alert');

    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 300 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 380 });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 400 });
    fireEvent.click(toast);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { pointerId: 2, clientX: 300 });
    fireEvent.pointerMove(toast, { pointerId: 2, clientX: 360 });
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 401 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('dismisses on a swipe to the left as well', () => {
    const { store } = renderWithStore(<Toasts />);
    act(() => void store.dispatch(showToast.info('Copied')));
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 300 });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 150 });
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('shows a notification toast with title, message and time', () => {
    const { store } = renderWithStore(<Toasts />);
    const createdAt = new Date(2025, 2, 4, 9, 5).toISOString();
    act(() => void store.dispatch(showToast.notification('Deal update', 'Your order was locked', createdAt)));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Deal update');
    expect(toast).toHaveTextContent('Your order was locked');
    expect(toast.querySelector('time')).toHaveTextContent('2025-03-04 09:05');
  });

  it('keeps each toast on its own timer', () => {
    const { store } = renderWithStore(<Toasts />);
    act(() => void store.dispatch(showToast.error('first')));
    act(() => vi.advanceTimersByTime(2000));
    act(() => void store.dispatch(showToast.info('second')));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });
});
