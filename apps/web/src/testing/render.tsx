import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** Render routes in a memory router with the app's providers; returns the router. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={0}>
          <RouterProvider router={router} />
        </Tooltip.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}
