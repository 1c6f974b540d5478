import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Footer } from './Footer.tsx';

/** The footer links to app routes, so it renders inside a router. */
const inRouter = (footer: ReactElement) => <MemoryRouter>{footer}</MemoryRouter>;

describe('Footer', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the copyright, the fixed volume text and a Nicosia clock that ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-15T10:04:05.000Z'));
    render(inRouter(<Footer />));

    expect(screen.getByText(/© \d{4} Jelly/)).toBeInTheDocument();
    expect(screen.getByText('24h Volume 108,536 USDT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proof of escrow' })).toHaveAttribute('href', '/proof-of-escrow');
    const clock = screen.getByTestId('footer-clock');
    expect(clock).toHaveTextContent('2025-01-15 12:04:05');

    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('2025-01-15 12:04:06');
    act(() => vi.advanceTimersByTime(2000));
    expect(clock).toHaveTextContent('2025-01-15 12:04:08');
  });

  it('says which time zone the clock is in, with its offset in winter and in summer', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-15T10:04:05.000Z'));
    const { unmount } = render(inRouter(<Footer />));
    expect(screen.getByTestId('footer-clock-zone')).toHaveTextContent('Nicosia time (UTC+2)');
    unmount();

    vi.setSystemTime(new Date('2025-07-15T10:04:05.000Z'));
    render(inRouter(<Footer />));
    expect(screen.getByTestId('footer-clock-zone')).toHaveTextContent('Nicosia time (UTC+3)');
    expect(screen.getByTestId('footer-clock')).toHaveTextContent('2025-07-15 13:04:05');
  });

  it('keeps the Contact Support button in its own flow, beside the volume', () => {
    render(inRouter(<Footer support={<button type="button">Contact Support</button>} />));
    const meta = screen.getByText('24h Volume 108,536 USDT').parentElement;
    expect(meta).toContainElement(screen.getByRole('button', { name: 'Contact Support' }));
  });
});
