import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { useSettingsStore } from './shared/settings/settings-store.ts';

// The router starts loading the first page (and its locale namespaces) as soon as it exists,
// so i18next must be ready before it.
initI18n(useSettingsStore.getState().locale);
const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
