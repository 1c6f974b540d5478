import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../lib/lazy/importWithRetry.ts';
import { renderRoutes } from '../test/renderApp.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

describe('a screen that fails to load', () => {
  it('is retried twice, then shows an error with a Reload button', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderRoutes([{ path: '/', errorElement: <RouteErrorPage />, hydrateFallbackElement: <p>Loading</p>, lazy: lazyScreen(load) }], '/');

    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('This screen could not be loaded');
    expect(load).toHaveBeenCalledTimes(3);

    const reload = vi.fn();
    const realLocation = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
    }
  });
});
