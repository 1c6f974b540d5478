import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy screens and the wallet chunk load through real dynamic imports; on a busy 2-core CI machine running every
// workspace's tests at once they can take longer than Testing Library's default 1 s to appear.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lays nothing out and has no scrollIntoView; scrolling is proven in the browser tests (e2e/).
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
