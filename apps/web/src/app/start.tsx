import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from '../lib/i18n';
import { dropEarlyViewer } from '../boot/model-page/early-viewer';
import { Providers } from './providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The start is cut into tasks, so no one of them holds the main thread long (a tap, a scroll or
// the early outline's frames go between): this module's imports ran in the task that loaded it;
// the texts, the router and the first render's slices each get their own.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
// The first render waits for the language's texts (asked for by main.tsx as the page started).
await initI18n();
await nextTask();
const router = createAppRouter();
// An early 3D view (boot/model-page) belongs to the model page: gone once the app is
// anywhere else.
const stopWatching = router.subscribe((state) => {
  if (state.navigation.state !== 'idle' || state.location.pathname.startsWith('/model/')) return;
  dropEarlyViewer();
  stopWatching();
});
// The first render comes once the router has its route's code and data. Rendered in slices (a
// transition), the router's state must not change between them: RouterProvider subscribes only
// once committed, and would miss it.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
try {
  const root = createRoot(container);
  // As a transition React renders the page in slices of a few milliseconds, yielding between.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
} catch (error) {
  console.error('[app] failed to mount', error);
  throw error;
}
