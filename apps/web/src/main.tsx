import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers.tsx';
import { applyPrebuiltStyles } from './app/prebuilt-styles.ts';
import { createRouter } from './app/router.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { useSettingsStore } from './shared/settings/settings-store.ts';

/**
 * Gives the browser the thread back between the start-up steps: each is then a task of its own, so
 * a phone can paint and answer a tap in between instead of waiting for all of them at once.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The router starts loading the first page (and its locale namespaces) as soon as it exists,
// so i18next must be ready before it.
initI18n(useSettingsStore.getState().locale);
const queryClient = createQueryClient();
await nextTask();
const router = createRouter(queryClient);
await nextTask();
// Ant Design reads which styles are prebuilt once, at its first render: the sheet comes first.
if (await applyPrebuiltStyles()) await nextTask();

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
