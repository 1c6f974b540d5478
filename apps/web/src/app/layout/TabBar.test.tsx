import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabBar } from './TabBar.tsx';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    fireEvent.scroll(window);
  });
}

describe('TabBar', () => {
  it('lists Dashboard, Swap, Market, CoinJelly, Settings when signed in', () => {
    render(
      <MemoryRouter initialEntries={['/buy-crypto']}>
        <TabBar signedIn />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/my-account'],
      ['Swap', '/swap'],
      ['Market', '/buy-crypto'],
      ['CoinJelly', '/coin-jelly'],
      ['Settings', '/settings'],
    ]);
    expect(screen.getByRole('link', { name: 'Market' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides while scrolling down and comes back when scrolling up or near the top', () => {
    scrollTo(0);
    render(
      <MemoryRouter>
        <TabBar signedIn={false} />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Tab bar' });
    expect(bar).toHaveAttribute('data-visible', 'true');

    scrollTo(300);
    expect(bar).toHaveAttribute('data-visible', 'false');
    scrollTo(295);
    expect(bar).toHaveAttribute('data-visible', 'false');
    scrollTo(280);
    expect(bar).toHaveAttribute('data-visible', 'true');
    scrollTo(600);
    expect(bar).toHaveAttribute('data-visible', 'false');
    scrollTo(10);
    expect(bar).toHaveAttribute('data-visible', 'true');
  });

  it("shows the unread notifications count on the Settings tab when signed in", () => {
    const { rerender } = render(
      <MemoryRouter>
        <TabBar signedIn unreadCount={0} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('tab-unread')).not.toBeInTheDocument();

    rerender(
      <MemoryRouter>
        <TabBar signedIn unreadCount={4} />
      </MemoryRouter>,
    );
    const settings = screen.getByRole('link', { name: /^Settings/ });
    expect(screen.getByTestId('tab-unread')).toHaveTextContent('4');
    expect(settings).toContainElement(screen.getByTestId('tab-unread'));
    expect(settings).toHaveAccessibleName('Settings, 4 unread notifications');

    rerender(
      <MemoryRouter>
        <TabBar signedIn unreadCount={150} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('tab-unread')).toHaveTextContent('99+');

    rerender(
      <MemoryRouter>
        <TabBar signedIn={false} unreadCount={4} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('tab-unread')).not.toBeInTheDocument();
  });
});
