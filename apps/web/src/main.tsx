import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import './lib/i18n';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installChunkReloadGuard } from './lib/reload-guard';

installChunkReloadGuard();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

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
