import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from '../lib/i18n';
import { dropEarlyViewer } from '../features/viewer/boot/early-viewer';
import { Providers } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter();
// An early 3D view (features/viewer/boot) belongs to the model page: gone once the app is
// anywhere else.
const stopWatching = router.subscribe((state) => {
  if (state.navigation.state !== 'idle' || state.location.pathname.startsWith('/model/')) return;
  dropEarlyViewer();
  stopWatching();
});
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The first render waits for the language's texts (asked for by main.tsx as the page started).
await initI18n();
try {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
} catch (error) {
  console.error('[app] failed to mount', error);
  throw error;
}
