import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * Resolves once the first screen's lazy chunk has loaded. index.html paints a static shell inside #root and the
 * first render replaces it; rendering earlier would swap the shell for an empty frame until the chunk arrives.
 */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// The first render is a transition: React renders in slices of a few milliseconds and lets the browser run between
// them (an urgent render is one task of several hundred milliseconds on a phone's CPU); the HTML shell stays on screen
// until the render commits.
void routerReady().then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers store={createAppStore()}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
});
