import { StrictMode, startTransition } from 'react';
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

// The first render is a transition: React renders it in slices and lets the browser answer input
// in between, while the header bar index.html painted stays on screen until it is done.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
